import type { ClassCommand } from './classes.ts';
import type { RelationshipCommand } from './relationship-decider.ts';

/**
 * A role change away from student ends the student's links with tutors: each relationship stream
 * is told to end (pending or active → inactive, TutorStudentRelationshipEnded) and each class they
 * are in to let them go (StudentLeftClass, reason 'role_changed'). The deciders of those streams
 * decide (both are no-ops when there is nothing to end), so running this twice appends nothing
 * more; the reactor in projector/src/reactors/ carries it out.
 */
export function endsStudentLinks(change: { role: string; previousRole: string }): boolean {
  return change.previousRole === 'student' && change.role !== 'student';
}

export function commandsEndingLinks(
  studentId: string,
  changedBy: string | null,
  links: { tutors: readonly string[]; classes: readonly string[] },
): { relationships: { tutorId: string; command: RelationshipCommand }[]; classes: { classId: string; command: ClassCommand }[] } {
  return {
    relationships: links.tutors.map((tutorId) => ({ tutorId, command: { type: 'EndRelationship', tutorId, studentId, reason: 'role_changed', changedBy } })),
    classes: links.classes.map((classId) => ({ classId, command: { type: 'EndMembership', studentId, reason: 'role_changed' } })),
  };
}
