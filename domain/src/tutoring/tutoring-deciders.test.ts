import { describe, expect, it } from 'vitest';
import { parseEventData } from '../events/registry.ts';
import { given } from '../testing/decider-spec.ts';
import type { ReferralCodeEvent, RelationshipEvent } from './events.ts';
import {
  customReferralCode,
  generatedReferralCode,
  normalizeReferralCode,
  referralCodeDecider,
  REFERRAL_MESSAGES,
  tutorForCode,
} from './referral-codes.ts';
import { relationshipDecider, RELATIONSHIP_MESSAGES } from './relationship-decider.ts';

const tutorId = '11111111-1111-4111-8111-111111111111';
const otherTutor = '22222222-2222-4222-8222-222222222222';
const studentId = '33333333-3333-4333-8333-333333333333';

const created: ReferralCodeEvent = { type: 'ReferralCodeCreated', data: { code: 'MATHS4ALL', tutorId, kind: 'custom' } };
const deactivated: ReferralCodeEvent = { type: 'ReferralCodeDeactivated', data: { code: 'MATHS4ALL', tutorId } };
const redeemed: RelationshipEvent = { type: 'ReferralCodeRedeemed', data: { code: 'MATHS4ALL', tutorId, studentId, via: 'registration' } };
const change = { tutorId, studentId, changedBy: tutorId };
const activated: RelationshipEvent = { type: 'TutorStudentActivated', data: change };
const deactivatedStudent: RelationshipEvent = { type: 'TutorStudentDeactivated', data: change };

describe('referral codes', () => {
  it('generated codes are TUTOR + 6 upper-case letters or digits', () => {
    expect(generatedReferralCode([0, 25, 26, 35, 1, 2])).toBe('TUTORAZ09BC');
    expect(() => generatedReferralCode([0, 1, 2])).toThrow('needs 6 indexes in 0..35');
    expect(() => generatedReferralCode([0, 1, 2, 3, 4, 36])).toThrow('needs 6 indexes in 0..35');
    expect(() => generatedReferralCode([0, 1, 2, 3, 4, 1.5])).toThrow('needs 6 indexes in 0..35');
    // The event schema keeps the generated code as it is.
    expect(parseEventData('ReferralCodeCreated', { code: 'TUTORAZ09BC', tutorId, kind: 'generated' })).toEqual({ code: 'TUTORAZ09BC', tutorId, kind: 'generated' });
  });

  it('custom codes are upper-cased, keep letters and digits, and are 3-20 long', () => {
    expect(normalizeReferralCode(' maths-4 all! ')).toBe('MATHS4ALL');
    expect(normalizeReferralCode('a-b')).toBeNull();
    expect(normalizeReferralCode('x'.repeat(21))).toBeNull();
    expect(normalizeReferralCode('x'.repeat(20))).toBe('X'.repeat(20));
    expect(() => customReferralCode('ab')).toThrow(REFERRAL_MESSAGES.codeLength);
    expect(() => parseEventData('ReferralCodeCreated', { code: 'lower', tutorId, kind: 'custom' })).toThrow();
  });

  it('given nothing, when a tutor creates a code, then it is reserved for them', () => {
    given(referralCodeDecider).when({ type: 'CreateReferralCode', code: 'MATHS4ALL', tutorId, kind: 'custom' }).then([created]);
  });

  it('given a code, when anyone creates it again, then it is already taken', () => {
    given(referralCodeDecider, [created])
      .when({ type: 'CreateReferralCode', code: 'MATHS4ALL', tutorId: otherTutor, kind: 'custom' })
      .thenThrows('CONFLICT', 'MATHS4ALL is already taken');
  });

  it('given a code, when its tutor deactivates it (twice), then it is deactivated once', () => {
    given(referralCodeDecider, [created]).when({ type: 'DeactivateReferralCode', tutorId }).then([deactivated]);
    given(referralCodeDecider, [created, deactivated]).when({ type: 'DeactivateReferralCode', tutorId }).then([]);
  });

  it("given a code, when another tutor deactivates it, then it is not found", () => {
    given(referralCodeDecider, [created]).when({ type: 'DeactivateReferralCode', tutorId: otherTutor }).thenThrows('NOT_FOUND', REFERRAL_MESSAGES.notYourCode);
    given(referralCodeDecider).when({ type: 'DeactivateReferralCode', tutorId }).thenThrows('NOT_FOUND');
  });

  it('a student joins the tutor of an active code; unknown, inactive and own codes are refused', () => {
    expect(tutorForCode(given(referralCodeDecider, [created]).state(), studentId)).toBe(tutorId);
    expect(tutorForCode(given(referralCodeDecider, [created]).state(), null)).toBe(tutorId);
    expect(() => tutorForCode(given(referralCodeDecider).state(), studentId)).toThrow(REFERRAL_MESSAGES.notFound);
    expect(() => tutorForCode(given(referralCodeDecider, [created, deactivated]).state(), studentId)).toThrow(REFERRAL_MESSAGES.inactive);
    expect(() => tutorForCode(given(referralCodeDecider, [created]).state(), tutorId)).toThrow(REFERRAL_MESSAGES.ownCode);
  });
});

describe('tutor–student relationship', () => {
  const redeem = { type: 'RedeemReferralCode', code: 'MATHS4ALL', tutorId, studentId, via: 'registration' } as const;
  const to = (status: 'active' | 'inactive') => ({ type: 'ChangeRelationshipStatus', ...change, to: status }) as const;

  it('given nothing, when a code is redeemed, then the student is pending', () => {
    given(relationshipDecider).when(redeem).then([redeemed]);
    expect(given(relationshipDecider, [redeemed]).state().status).toBe('pending');
  });

  it('given a pending or active student, when the code is redeemed again, then they have already joined', () => {
    given(relationshipDecider, [redeemed]).when(redeem).thenThrows('CONFLICT', RELATIONSHIP_MESSAGES.alreadyLinked);
    given(relationshipDecider, [redeemed, activated]).when(redeem).thenThrows('CONFLICT', RELATIONSHIP_MESSAGES.alreadyLinked);
  });

  it('given an inactive student, when they redeem a code again, then they are pending again', () => {
    given(relationshipDecider, [redeemed, activated, deactivatedStudent]).when(redeem).then([redeemed]);
  });

  it('pending → active and active → inactive; every other transition is 409', () => {
    given(relationshipDecider, [redeemed]).when(to('active')).then([activated]);
    given(relationshipDecider, [redeemed, activated]).when(to('inactive')).then([deactivatedStudent]);
    given(relationshipDecider, [redeemed]).when(to('inactive')).thenThrows('CONFLICT', RELATIONSHIP_MESSAGES.deactivateOnlyActive);
    given(relationshipDecider, [redeemed, activated]).when(to('active')).thenThrows('CONFLICT', RELATIONSHIP_MESSAGES.activateOnlyPending);
    given(relationshipDecider, [redeemed, activated, deactivatedStudent]).when(to('active')).thenThrows('CONFLICT', RELATIONSHIP_MESSAGES.activateOnlyPending);
  });

  it('given no relationship, when a tutor changes the status, then the student is not theirs', () => {
    given(relationshipDecider).when(to('active')).thenThrows('NOT_FOUND', RELATIONSHIP_MESSAGES.notYourStudent);
  });

  it('falling behind is recorded once per quiet spell, and only for active students', () => {
    const record = { type: 'RecordFellBehind', tutorId, studentId, lastPracticeAt: '2026-03-01T10:00:00.000Z', overdueReviews: 12, reasons: ['no_practice', 'overdue_reviews'] } as const;
    const fell: RelationshipEvent = {
      type: 'StudentFellBehind',
      data: { tutorId, studentId, lastPracticeAt: '2026-03-01T10:00:00.000Z', overdueReviews: 12, reasons: ['no_practice', 'overdue_reviews'] },
    };
    given(relationshipDecider, [redeemed, activated]).when(record).then([fell]);
    given(relationshipDecider, [redeemed, activated, fell]).when(record).then([]);
    expect(given(relationshipDecider, [redeemed, activated, fell]).when({ ...record, lastPracticeAt: '2026-03-05T10:00:00.000Z' }).events()).toHaveLength(1);
    given(relationshipDecider, [redeemed]).when(record).then([]);
  });

  it("given any relationship, when either account is erased, then it ends once, whatever its status", () => {
    const end = { type: 'EndRelationship', tutorId, studentId, reason: 'account_erased', changedBy: null } as const;
    const ended: RelationshipEvent = { type: 'TutorStudentRelationshipEnded', data: { tutorId, studentId, reason: 'account_erased', changedBy: null } };
    for (const history of [[redeemed], [redeemed, activated], [redeemed, activated, deactivatedStudent]]) {
      given(relationshipDecider, history).when(end).then([ended]);
    }
    given(relationshipDecider, [redeemed, activated, ended]).when(end).then([]);
    given(relationshipDecider, []).when(end).then([]);
  });
});
