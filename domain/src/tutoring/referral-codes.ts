import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { ReferralCodeEvent } from './events.ts';

export const REFERRAL_MESSAGES = {
  codeLength: 'Code must be 3-20 characters long',
  taken: (code: string) => `${code} is already taken`,
  notFound: "We couldn't find that referral code. Please check it with your tutor and try again.",
  inactive: 'That referral code is not active any more. Please ask your tutor for a new one.',
  ownCode: "That's your own referral code. Ask your student to enter it instead.",
  notYourCode: 'This referral code is not one of yours.',
  yours: (code: string) => `${code} is already your code.`,
  available: (code: string) => `${code} is available`,
} as const;

/** Characters of a generated code: SPEC's "uppercase alphanumerics". */
export const REFERRAL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const GENERATED_PREFIX = 'TUTOR';
export const GENERATED_RANDOM_LENGTH = 6;

/**
 * `TUTOR` + 6 characters picked by the given indexes into REFERRAL_ALPHABET. The server draws the
 * indexes from a cryptographic source (crypto.randomInt), so the domain stays pure.
 */
export function generatedReferralCode(indexes: readonly number[]): string {
  if (indexes.length !== GENERATED_RANDOM_LENGTH || indexes.some((index) => !Number.isInteger(index) || index < 0 || index >= REFERRAL_ALPHABET.length)) {
    throw new Error(`A generated referral code needs ${GENERATED_RANDOM_LENGTH} indexes in 0..${REFERRAL_ALPHABET.length - 1}`);
  }
  return GENERATED_PREFIX + indexes.map((index) => REFERRAL_ALPHABET[index]).join('');
}

/** SPEC §5: upper-cased, only letters and digits kept; null when the result is not 3-20 long. */
export function normalizeReferralCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return code.length >= 3 && code.length <= 20 ? code : null;
}

/** Like normalizeReferralCode, but refuses with the SPEC's message. */
export function customReferralCode(input: string): string {
  const code = normalizeReferralCode(input);
  if (!code) throw new DomainError('VALIDATION_FAILED', REFERRAL_MESSAGES.codeLength, { code: REFERRAL_MESSAGES.codeLength });
  return code;
}

export interface ReferralCodeState {
  code: string | null;
  tutorId: string | null;
  active: boolean;
  /** The class whose join code this is; null for a referral code. */
  classId: string | null;
}

export type ReferralCodeCommand =
  | { type: 'CreateReferralCode'; code: string; tutorId: string; kind: 'generated' | 'custom' }
  | { type: 'DeactivateReferralCode'; tutorId: string };

/** The `referral-{CODE}` stream: created once (reservation), deactivated by its tutor. */
export const referralCodeDecider: Decider<ReferralCodeState, ReferralCodeCommand, ReferralCodeEvent> = {
  initialState: () => ({ code: null, tutorId: null, active: false, classId: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReferralCodeCreated':
        return { code: event.data.code, tutorId: event.data.tutorId, active: true, classId: null };
      case 'ClassJoinCodeReserved':
        // Whether the class still takes this code is the class stream's to say (a changed code, an archived class).
        return { code: event.data.code, tutorId: event.data.tutorId, active: true, classId: event.data.classId };
      case 'ReferralCodeDeactivated':
        return { ...state, active: false };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateReferralCode':
        if (state.code !== null) throw new DomainError('CONFLICT', REFERRAL_MESSAGES.taken(command.code), { code: REFERRAL_MESSAGES.taken(command.code) });
        return [{ type: 'ReferralCodeCreated', data: { code: command.code, tutorId: command.tutorId, kind: command.kind } }];
      case 'DeactivateReferralCode':
        if (state.code === null || state.tutorId !== command.tutorId || state.classId !== null) throw new DomainError('NOT_FOUND', REFERRAL_MESSAGES.notYourCode);
        return state.active ? [{ type: 'ReferralCodeDeactivated', data: { code: state.code, tutorId: command.tutorId } }] : [];
    }
  },
};

/** What a tutor's availability check says of a code: free, theirs already, or someone else's (SPEC: 'is already taken'). */
export function codeAvailability(state: ReferralCodeState, code: string, askingTutorId: string): { status: 'available' | 'yours' | 'taken'; message: string } {
  if (state.code === null) return { status: 'available', message: REFERRAL_MESSAGES.available(code) };
  if (state.tutorId === askingTutorId) return { status: 'yours', message: REFERRAL_MESSAGES.yours(code) };
  return { status: 'taken', message: REFERRAL_MESSAGES.taken(code) };
}

/** What a code a student typed leads to: a tutor (a referral code) or one of a tutor's classes (a class's join code). */
export type JoinTarget = { kind: 'tutor'; tutorId: string } | { kind: 'class'; tutorId: string; classId: string };

export function joinTargetOf(state: ReferralCodeState, redeemerId: string | null): JoinTarget {
  const tutorId = tutorForCode(state, redeemerId);
  return state.classId === null ? { kind: 'tutor', tutorId } : { kind: 'class', tutorId, classId: state.classId };
}

/**
 * Which tutor a student joins with this code, or why not: unknown, deactivated, or the
 * redeemer's own code. Messages are written for a child at the registration form.
 */
export function tutorForCode(state: ReferralCodeState, redeemerId: string | null): string {
  if (state.code === null || state.tutorId === null) throw new DomainError('VALIDATION_FAILED', REFERRAL_MESSAGES.notFound, { referralCode: REFERRAL_MESSAGES.notFound });
  if (!state.active) throw new DomainError('VALIDATION_FAILED', REFERRAL_MESSAGES.inactive, { referralCode: REFERRAL_MESSAGES.inactive });
  if (redeemerId !== null && state.tutorId === redeemerId) throw new DomainError('VALIDATION_FAILED', REFERRAL_MESSAGES.ownCode, { referralCode: REFERRAL_MESSAGES.ownCode });
  return state.tutorId;
}
