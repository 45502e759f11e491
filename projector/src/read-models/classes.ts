import { defineReadModel } from '../read-model.ts';
import { classesTables } from '../tables/classes.ts';
import type { RowInput } from '../tables/index.ts';

/**
 * Tutors' classes: `classes` (one row per class: tutor, name, time zone, current join code,
 * archived or not) and `class_members` (one row per class × student in it now: leaving deletes the
 * row). Names of students come from `users` at query time, so an erased or renamed student shows
 * as they are now.
 */
export const classes = defineReadModel({
  name: 'classes',
  version: 1,
  tables: classesTables,
  handles: ['ClassCreated', 'ClassRenamed', 'ClassTimeZoneChanged', 'ClassArchived', 'ClassRestored', 'ClassJoinCodeChanged', 'StudentJoinedClass', 'StudentLeftClass'],
  keys: (events) => ({
    classes: events.map((event) => [event.data.classId]),
    class_members: events.flatMap((event) => (event.type === 'StudentJoinedClass' || event.type === 'StudentLeftClass' ? [[event.data.classId, event.data.studentId]] : [])),
  }),
  apply(event, tables) {
    const rows = tables.classes;
    const at = event.metadata.at;
    if (event.type === 'ClassCreated') {
      const data = event.data;
      rows.put({ class_id: data.classId, tutor_id: data.tutorId, name: data.name, time_zone: data.timeZone, join_code: data.joinCode, archived_at: null, created_at: at, updated_at: at, position: event.position });
      return;
    }
    const { classId } = event.data;
    const row = rows.get(classId);
    if (!row) return;
    const changed = (fields: Partial<RowInput<'classes'>>) => rows.put({ ...row, ...fields, updated_at: at, position: event.position });
    switch (event.type) {
      case 'ClassRenamed':
        return changed({ name: event.data.name });
      case 'ClassTimeZoneChanged':
        return changed({ time_zone: event.data.timeZone });
      case 'ClassArchived':
        return changed({ archived_at: at });
      case 'ClassRestored':
        return changed({ archived_at: null });
      case 'ClassJoinCodeChanged':
        return changed({ join_code: event.data.joinCode });
      case 'StudentJoinedClass': {
        const data = event.data;
        tables.class_members.put({ class_id: classId, student_id: data.studentId, tutor_id: data.tutorId, via: data.via, joined_at: at });
        return changed({});
      }
      case 'StudentLeftClass':
        tables.class_members.delete(classId, event.data.studentId);
        return changed({});
    }
  },
});
