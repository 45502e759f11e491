import { randomInt } from 'node:crypto';
import { foldEvents, GENERATED_RANDOM_LENGTH, generatedReferralCode, REFERRAL_ALPHABET, referralCodeDecider, referralStreamId, type ReferralCodeState } from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';

/** Shared by the tutors' commands: a code's stream as it stands, and a fresh random code. */

export async function loadReferralCode(store: EventStore, code: string): Promise<ReferralCodeState> {
  const stream = await store.readStream(referralStreamId(code));
  return foldEvents(referralCodeDecider, stream.events);
}

/** TUTOR + 6 characters drawn with crypto.randomInt (a cryptographic source, no modulo bias). */
export function randomReferralCode(): string {
  return generatedReferralCode(Array.from({ length: GENERATED_RANDOM_LENGTH }, () => randomInt(REFERRAL_ALPHABET.length)));
}
