import type { EventMetadata } from './envelope.ts';

/**
 * Whose key seals an event's personal fields (events/personal.ts, docs/personal-data.md). A key
 * belongs to an owner (the person the data is about: a user id, or a contact request's own id for
 * a guest) and has a purpose; erasing the owner destroys all of the owner's keys. A key with
 * `destroyAfter` is also destroyed once that time has passed (retention).
 */
export interface PersonalDataKeyRef {
  ownerId: string;
  purpose: string;
  destroyAfter?: string;
}

type OwnerRule = (data: Record<string, unknown>, metadata: EventMetadata) => PersonalDataKeyRef;

/** The default: the data is about `data.userId`, and lives as long as the account. */
const accountOf: OwnerRule = (data) => ({ ownerId: String(data.userId), purpose: 'account' });

const RULES: Record<string, OwnerRule> = {
  // A key of its own: the reservation's stream shares no key (so no key id) with the user's history.
  EmailAddressReserved: (data) => ({ ownerId: String(data.userId), purpose: 'email-reservation' }),
  // Each message its own key, owned by its signed-in sender (erased with the account) or by itself.
  ContactRequested: (data, metadata) => ({ ownerId: metadata.actorId ?? String(data.requestId), purpose: `contact-request:${String(data.requestId)}` }),
};

/** The key an event's personal fields are sealed with (only asked for events that hold personal data). */
export function personalDataKeyOf(type: string, data: unknown, metadata: EventMetadata): PersonalDataKeyRef {
  return (RULES[type] ?? accountOf)(data as Record<string, unknown>, metadata);
}
