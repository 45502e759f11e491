import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { RelationshipEndReason, RelationshipEvent } from './events.ts';

export const relationshipStatuses = ['pending', 'active', 'inactive'] as const;
export type RelationshipStatus = (typeof relationshipStatuses)[number];

export const RELATIONSHIP_MESSAGES = {
  notYourStudent: 'This student is not one of yours.',
  alreadyLinked: 'You have already joined this tutor.',
  activateOnlyPending: 'Only a pending student can be activated.',
  deactivateOnlyActive: 'Only an active student can be deactivated.',
} as const;

export interface RelationshipState {
  status: RelationshipStatus | null;
  /** lastPracticeAt of the last StudentFellBehind: a quiet spell is reported once. */
  fellBehindFor: string | null | undefined;
}

export type RelationshipCommand =
  | { type: 'RedeemReferralCode'; code: string; tutorId: string; studentId: string; via: 'registration' | 'profile' }
  | { type: 'ChangeRelationshipStatus'; tutorId: string; studentId: string; to: 'active' | 'inactive'; changedBy: string }
  /** The student joined one of the tutor's classes with its code: the tutor's invitation, so active at once. */
  | { type: 'JoinTutorByClassCode'; tutorId: string; studentId: string; classId: string; code: string; via: 'registration' | 'profile' }
  /** A process ends the link (the student is no longer a student, or either account was erased). */
  | { type: 'EndRelationship'; tutorId: string; studentId: string; reason: RelationshipEndReason; changedBy: string | null }
  | {
      type: 'RecordFellBehind';
      tutorId: string;
      studentId: string;
      lastPracticeAt: string | null;
      overdueReviews: number;
      reasons: readonly ('no_practice' | 'overdue_reviews')[];
    };

/**
 * The `relationship-{tutorId}-{studentId}` stream. A redeemed code opens it as pending (or
 * reopens an inactive one); the tutor may only activate a pending student and deactivate an
 * active one (SPEC §4); falling behind is recorded once per quiet spell of an active student.
 * Joining one of the tutor's classes with its code makes the student active at once (the class code
 * is the tutor's own invitation); a role change away from student ends a pending or active link.
 */
export const relationshipDecider: Decider<RelationshipState, RelationshipCommand, RelationshipEvent> = {
  initialState: () => ({ status: null, fellBehindFor: undefined }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReferralCodeRedeemed':
        return { ...state, status: 'pending' };
      case 'TutorStudentActivated':
        return { ...state, status: 'active' };
      case 'StudentJoinedTutorClass':
        return { ...state, status: 'active' };
      case 'TutorStudentDeactivated':
        return { ...state, status: 'inactive' };
      // An erased account's pair is gone for good; a former student's stays as inactive.
      case 'TutorStudentRelationshipEnded':
        return { ...state, status: event.data.reason === 'account_erased' ? null : 'inactive' };
      case 'StudentFellBehind':
        return { ...state, fellBehindFor: event.data.lastPracticeAt };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RedeemReferralCode':
        if (state.status === 'pending' || state.status === 'active') {
          throw new DomainError('CONFLICT', RELATIONSHIP_MESSAGES.alreadyLinked, { referralCode: RELATIONSHIP_MESSAGES.alreadyLinked });
        }
        return [{ type: 'ReferralCodeRedeemed', data: { code: command.code, tutorId: command.tutorId, studentId: command.studentId, via: command.via } }];
      case 'ChangeRelationshipStatus': {
        if (state.status === null) throw new DomainError('NOT_FOUND', RELATIONSHIP_MESSAGES.notYourStudent);
        const data = { tutorId: command.tutorId, studentId: command.studentId, changedBy: command.changedBy };
        if (command.to === 'active') {
          if (state.status !== 'pending') throw new DomainError('CONFLICT', RELATIONSHIP_MESSAGES.activateOnlyPending);
          return [{ type: 'TutorStudentActivated', data }];
        }
        if (state.status !== 'active') throw new DomainError('CONFLICT', RELATIONSHIP_MESSAGES.deactivateOnlyActive);
        return [{ type: 'TutorStudentDeactivated', data }];
      }
      case 'JoinTutorByClassCode':
        if (state.status === 'active') return [];
        return [{ type: 'StudentJoinedTutorClass', data: { tutorId: command.tutorId, studentId: command.studentId, classId: command.classId, code: command.code, via: command.via } }];
      case 'EndRelationship':
        if (command.reason === 'account_erased' ? state.status === null : state.status !== 'pending' && state.status !== 'active') return [];
        return [{ type: 'TutorStudentRelationshipEnded', data: { tutorId: command.tutorId, studentId: command.studentId, reason: command.reason, changedBy: command.changedBy } }];
      case 'RecordFellBehind':
        if (state.status !== 'active' || state.fellBehindFor === command.lastPracticeAt) return [];
        return [
          {
            type: 'StudentFellBehind',
            data: {
              tutorId: command.tutorId,
              studentId: command.studentId,
              lastPracticeAt: command.lastPracticeAt,
              overdueReviews: command.overdueReviews,
              reasons: [...command.reasons],
            },
          },
        ];
    }
  },
};
