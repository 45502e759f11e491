import type { QuestionSetEvent } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

type Data<T extends QuestionSetEvent['type']> = Extract<QuestionSetEvent, { type: T }>['data'];

/**
 * Tutors' question sets: `question_sets` (one row per set: its tutor, title and problem ids in
 * order; the problems themselves are rows of `problems`) and `question_set_assignments` (one row
 * per set × student who has it now: a set taken back removes the row). The practice queue reads
 * both: a student's assigned problems are the problems of their sets they have not attempted yet.
 */
export const questionSets: ReadModel = {
  name: 'question-sets',
  version: 2,
  tables: [
    {
      name: 'question_sets',
      columns: [
        { name: 'set_id', type: 'uuid' },
        { name: 'tutor_id', type: 'uuid' },
        { name: 'title', type: 'text' },
        { name: 'problem_ids', type: 'jsonb' },
        { name: 'created_at', type: 'timestamptz' },
        { name: 'updated_at', type: 'timestamptz' },
        { name: 'position', type: 'int8' },
      ],
      primaryKey: ['set_id'],
      indexes: ['question_sets_tutor ON (tutor_id, updated_at DESC)'],
    },
    {
      name: 'question_set_assignments',
      columns: [
        { name: 'set_id', type: 'uuid' },
        { name: 'student_id', type: 'uuid' },
        { name: 'tutor_id', type: 'uuid' },
        { name: 'assigned_at', type: 'timestamptz' },
        { name: 'position', type: 'int8' },
      ],
      primaryKey: ['set_id', 'student_id'],
      indexes: ['question_set_assignments_student ON (student_id, assigned_at)'],
    },
  ],
  handles: ['QuestionSetCreated', 'QuestionSetRenamed', 'QuestionAddedToSet', 'QuestionReplacedInSet', 'QuestionRemovedFromSet', 'QuestionSetAssigned', 'QuestionSetUnassigned'],
  keys: (events) => ({
    question_sets: events.map((event) => [(event.data as { setId: string }).setId]),
    question_set_assignments: events.flatMap((event) => {
      if (event.type === 'QuestionSetAssigned') return (event.data as Data<'QuestionSetAssigned'>).studentIds.map((studentId) => [(event.data as Data<'QuestionSetAssigned'>).setId, studentId]);
      if (event.type === 'QuestionSetUnassigned') return [[(event.data as Data<'QuestionSetUnassigned'>).setId, (event.data as Data<'QuestionSetUnassigned'>).studentId]];
      return [];
    }),
  }),
  apply(event, tables) {
    const sets = tables.question_sets!;
    const at = event.metadata.at;
    const { setId } = event.data as { setId: string };
    if (event.type === 'QuestionSetCreated') {
      const data = event.data as Data<'QuestionSetCreated'>;
      sets.put({ set_id: setId, tutor_id: data.tutorId, title: data.title, problem_ids: [], created_at: at, updated_at: at, position: event.position });
      return;
    }
    const set = sets.get(setId);
    if (!set) return;
    const problemIds = set.problem_ids as string[];
    const changed = (fields: Record<string, unknown>) => sets.put({ ...set, ...fields, updated_at: at, position: event.position });
    switch (event.type) {
      case 'QuestionSetRenamed':
        return changed({ title: (event.data as Data<'QuestionSetRenamed'>).title });
      case 'QuestionAddedToSet':
        return changed({ problem_ids: [...problemIds, (event.data as Data<'QuestionAddedToSet'>).problemId] });
      case 'QuestionReplacedInSet': {
        const data = event.data as Data<'QuestionReplacedInSet'>;
        return changed({ problem_ids: problemIds.map((id) => (id === data.replacedProblemId ? data.problemId : id)) });
      }
      case 'QuestionRemovedFromSet': {
        const data = event.data as Data<'QuestionRemovedFromSet'>;
        return changed({ problem_ids: problemIds.filter((id) => id !== data.problemId) });
      }
      case 'QuestionSetAssigned': {
        const data = event.data as Data<'QuestionSetAssigned'>;
        for (const studentId of data.studentIds) {
          tables.question_set_assignments!.put({ set_id: setId, student_id: studentId, tutor_id: data.tutorId, assigned_at: at, position: event.position });
        }
        return changed({});
      }
      case 'QuestionSetUnassigned':
        tables.question_set_assignments!.delete(setId, (event.data as Data<'QuestionSetUnassigned'>).studentId);
        return changed({});
    }
  },
};
