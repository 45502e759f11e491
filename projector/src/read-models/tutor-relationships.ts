import { defineReadModel } from '../read-model.ts';
import { tutorRelationshipsTables } from '../tables/tutor-relationships.ts';

/**
 * The tutor area's lists: `tutor_referral_codes` (one row per code: pending until a student uses
 * it, then active; inactive once deactivated; how often and when it was last used, and by whom)
 * and `tutor_students` (one row per tutor–student pair: status, the code it came from, joined and
 * changed times). Names, e-mails and grades are joined from `users` at query time, so a renamed
 * student shows their new name everywhere. A student who joins a class with its code is active at
 * once (`referral_code` is then the class's code); a role change away from student ends the link.
 */
export const tutorRelationships = defineReadModel({
  name: 'tutor-relationships',
  version: 2,
  tables: tutorRelationshipsTables,
  handles: ['ReferralCodeCreated', 'ReferralCodeDeactivated', 'ReferralCodeRedeemed', 'TutorStudentActivated', 'TutorStudentDeactivated', 'StudentJoinedTutorClass', 'TutorStudentRelationshipEnded'],
  keys: (events) => {
    const codes: string[][] = [];
    const pairs: string[][] = [];
    for (const event of events) {
      const data = event.data;
      if ('code' in data && data.code && event.type !== 'StudentJoinedTutorClass') codes.push([data.code]);
      if ('studentId' in data && data.studentId) pairs.push([data.tutorId, data.studentId]);
    }
    return { tutor_referral_codes: codes, tutor_students: pairs };
  },
  apply(event, tables) {
    const codes = tables.tutor_referral_codes;
    const students = tables.tutor_students;
    const at = event.metadata.at;
    switch (event.type) {
      case 'ReferralCodeCreated': {
        const data = event.data;
        codes.put({
          code: data.code,
          tutor_id: data.tutorId,
          kind: data.kind,
          status: 'pending',
          created_at: at,
          uses: 0,
          first_used_at: null,
          last_used_at: null,
          last_student_id: null,
          deactivated_at: null,
        });
        return;
      }
      case 'ReferralCodeDeactivated': {
        const row = codes.get(event.data.code);
        if (row) codes.put({ ...row, status: 'inactive', deactivated_at: at });
        return;
      }
      case 'ReferralCodeRedeemed': {
        const data = event.data;
        const code = codes.get(data.code);
        if (code) {
          codes.put({
            ...code,
            status: code.status === 'inactive' ? 'inactive' : 'active',
            uses: code.uses + 1,
            first_used_at: code.first_used_at ?? at,
            last_used_at: at,
            last_student_id: data.studentId,
          });
        }
        const pair = students.get(data.tutorId, data.studentId);
        students.put({
          tutor_id: data.tutorId,
          student_id: data.studentId,
          status: 'pending',
          referral_code: data.code,
          joined_at: pair?.joined_at ?? at,
          activated_at: pair?.activated_at ?? null,
          status_changed_at: at,
        });
        return;
      }
      case 'StudentJoinedTutorClass': {
        const data = event.data;
        const pair = students.get(data.tutorId, data.studentId);
        students.put({
          tutor_id: data.tutorId,
          student_id: data.studentId,
          status: 'active',
          referral_code: data.code,
          joined_at: pair?.joined_at ?? at,
          activated_at: at,
          status_changed_at: at,
        });
        return;
      }
      case 'TutorStudentRelationshipEnded': {
        const data = event.data;
        // An erased account's pair leaves every list; a former student's stays as inactive.
        if (data.reason === 'account_erased') {
          students.delete(data.tutorId, data.studentId);
          return;
        }
        const pair = students.get(data.tutorId, data.studentId);
        if (pair) students.put({ ...pair, status: 'inactive', status_changed_at: at });
        return;
      }
      case 'TutorStudentActivated':
      case 'TutorStudentDeactivated': {
        const data = event.data;
        const pair = students.get(data.tutorId, data.studentId);
        if (!pair) return;
        const active = event.type === 'TutorStudentActivated';
        students.put({ ...pair, status: active ? 'active' : 'inactive', activated_at: active ? at : pair.activated_at, status_changed_at: at });
        return;
      }
    }
  },
});
