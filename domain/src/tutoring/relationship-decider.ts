import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { RelationshipEvent } from './events.ts';

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
  | {
      type: 'RecordFellBehind';
      tutorId: string;
      studentId: string;
      lastPracticeAt: string | null;
      overdueReviews: number;
      reasons: readonly ('no_practice' | 'overdue_reviews')[];
    }
  /** The erasure of either account ends the relationship whatever its status (nothing to do once ended). */
  | { type: 'EndRelationship'; tutorId: string; studentId: string };

/**
 * The `relationship-{tutorId}-{studentId}` stream. A redeemed code opens it as pending (or
 * reopens an inactive one); the tutor may only activate a pending student and deactivate an
 * active one (SPEC §4); falling behind is recorded once per quiet spell of an active student.
 */
export const relationshipDecider: Decider<RelationshipState, RelationshipCommand, RelationshipEvent> = {
  initialState: () => ({ status: null, fellBehindFor: undefined }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReferralCodeRedeemed':
        return { ...state, status: 'pending' };
      case 'TutorStudentActivated':
        return { ...state, status: 'active' };
      case 'TutorStudentDeactivated':
        return { ...state, status: 'inactive' };
      case 'StudentFellBehind':
        return { ...state, fellBehindFor: event.data.lastPracticeAt };
      case 'TutorStudentRelationshipEnded':
        return { ...state, status: null };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'EndRelationship':
        return state.status === null ? [] : [{ type: 'TutorStudentRelationshipEnded', data: { tutorId: command.tutorId, studentId: command.studentId, reason: 'account-erased' } }];
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
