import type { ClassEvent, ClassEventData } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * Tutors' classes: `classes` (one row per class: tutor, name, time zone, current join code,
 * archived or not) and `class_members` (one row per class × student in it now: leaving deletes the
 * row). Names of students come from `users` at query time, so an erased or renamed student shows
 * as they are now.
 */
export const classes: ReadModel = {
  name: 'classes',
  version: 1,
  tables: [
    {
      name: 'classes',
      columns: [
        { name: 'class_id', type: 'uuid' },
        { name: 'tutor_id', type: 'uuid' },
        { name: 'name', type: 'text' },
        { name: 'time_zone', type: 'text' },
        { name: 'join_code', type: 'text' },
        { name: 'archived_at', type: 'timestamptz', nullable: true },
        { name: 'created_at', type: 'timestamptz' },
        { name: 'updated_at', type: 'timestamptz' },
        { name: 'position', type: 'int8' },
      ],
      primaryKey: ['class_id'],
      indexes: ['classes_tutor ON (tutor_id, created_at)', 'classes_join_code ON (join_code)'],
    },
    {
      name: 'class_members',
      columns: [
        { name: 'class_id', type: 'uuid' },
        { name: 'student_id', type: 'uuid' },
        { name: 'tutor_id', type: 'uuid' },
        { name: 'via', type: 'text' },
        { name: 'joined_at', type: 'timestamptz' },
      ],
      primaryKey: ['class_id', 'student_id'],
      indexes: ['class_members_student ON (student_id)'],
    },
  ],
  handles: ['ClassCreated', 'ClassRenamed', 'ClassTimeZoneChanged', 'ClassArchived', 'ClassRestored', 'ClassJoinCodeChanged', 'StudentJoinedClass', 'StudentLeftClass'],
  keys: (events) => ({
    classes: events.map((event) => [(event.data as { classId: string }).classId]),
    class_members: events.flatMap((event) =>
      event.type === 'StudentJoinedClass' || event.type === 'StudentLeftClass' ? [[(event.data as { classId: string }).classId, (event.data as { studentId: string }).studentId]] : [],
    ),
  }),
  apply(event, tables) {
    const rows = tables.classes!;
    const at = event.metadata.at;
    const type = event.type as ClassEvent['type'];
    if (type === 'ClassCreated') {
      const data = event.data as ClassEventData<'ClassCreated'>;
      rows.put({ class_id: data.classId, tutor_id: data.tutorId, name: data.name, time_zone: data.timeZone, join_code: data.joinCode, archived_at: null, created_at: at, updated_at: at, position: event.position });
      return;
    }
    const { classId } = event.data as { classId: string };
    const row = rows.get(classId);
    if (!row) return;
    const changed = (fields: Record<string, unknown>) => rows.put({ ...row, ...fields, updated_at: at, position: event.position });
    switch (type) {
      case 'ClassRenamed':
        return changed({ name: (event.data as ClassEventData<'ClassRenamed'>).name });
      case 'ClassTimeZoneChanged':
        return changed({ time_zone: (event.data as ClassEventData<'ClassTimeZoneChanged'>).timeZone });
      case 'ClassArchived':
        return changed({ archived_at: at });
      case 'ClassRestored':
        return changed({ archived_at: null });
      case 'ClassJoinCodeChanged':
        return changed({ join_code: (event.data as ClassEventData<'ClassJoinCodeChanged'>).joinCode });
      case 'StudentJoinedClass': {
        const data = event.data as ClassEventData<'StudentJoinedClass'>;
        tables.class_members!.put({ class_id: classId, student_id: data.studentId, tutor_id: data.tutorId, via: data.via, joined_at: at });
        return changed({});
      }
      case 'StudentLeftClass':
        tables.class_members!.delete(classId, (event.data as ClassEventData<'StudentLeftClass'>).studentId);
        return changed({});
    }
  },
};
