import { defineReadModel } from '../read-model.ts';
import type { RowInput } from '../tables/index.ts';
import { questionSetsTables } from '../tables/question-sets.ts';

/**
 * Tutors' question sets: `question_sets` (one row per set: its tutor, title and problem ids in
 * order; the problems themselves are rows of `problems`) and `question_set_assignments` (one row
 * per set × student who has it now: a set taken back removes the row). The practice queue reads
 * both: a student's assigned problems are the problems of their sets they have not attempted yet.
 */
export const questionSets = defineReadModel({
  name: 'question-sets',
  version: 2,
  tables: questionSetsTables,
  handles: ['QuestionSetCreated', 'QuestionSetRenamed', 'QuestionAddedToSet', 'QuestionReplacedInSet', 'QuestionRemovedFromSet', 'QuestionSetAssigned', 'QuestionSetUnassigned'],
  keys: (events) => ({
    question_sets: events.map((event) => [event.data.setId]),
    question_set_assignments: events.flatMap((event) => {
      if (event.type === 'QuestionSetAssigned') return event.data.studentIds.map((studentId) => [event.data.setId, studentId]);
      if (event.type === 'QuestionSetUnassigned') return [[event.data.setId, event.data.studentId]];
      return [];
    }),
  }),
  apply(event, tables) {
    const sets = tables.question_sets;
    const at = event.metadata.at;
    const { setId } = event.data;
    if (event.type === 'QuestionSetCreated') {
      const data = event.data;
      sets.put({ set_id: setId, tutor_id: data.tutorId, title: data.title, problem_ids: [], created_at: at, updated_at: at, position: event.position });
      return;
    }
    const set = sets.get(setId);
    if (!set) return;
    const problemIds = set.problem_ids;
    const changed = (fields: Partial<RowInput<'question_sets'>>) => sets.put({ ...set, ...fields, updated_at: at, position: event.position });
    switch (event.type) {
      case 'QuestionSetRenamed':
        return changed({ title: event.data.title });
      case 'QuestionAddedToSet':
        return changed({ problem_ids: [...problemIds, event.data.problemId] });
      case 'QuestionReplacedInSet': {
        const data = event.data;
        return changed({ problem_ids: problemIds.map((id) => (id === data.replacedProblemId ? data.problemId : id)) });
      }
      case 'QuestionRemovedFromSet': {
        const data = event.data;
        return changed({ problem_ids: problemIds.filter((id) => id !== data.problemId) });
      }
      case 'QuestionSetAssigned': {
        const data = event.data;
        for (const studentId of data.studentIds) {
          tables.question_set_assignments.put({ set_id: setId, student_id: studentId, tutor_id: data.tutorId, assigned_at: at, position: event.position });
        }
        return changed({});
      }
      case 'QuestionSetUnassigned':
        tables.question_set_assignments.delete(setId, event.data.studentId);
        return changed({});
    }
  },
});
