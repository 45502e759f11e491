import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { EmailReservationEvent } from './events.ts';
import { MESSAGES } from './validation.ts';

/**
 * The `email-{digest}` stream: one event reserves an address for one user. The server appends the
 * first with expected version 'no_stream', so two registrations racing for the same address cannot
 * both win, in either event store. Once the holder's account is erased the reservation is released
 * and the address may register again (appended with the stream's version, so again one wins).
 */

export interface EmailReservationState {
  reserved: boolean;
  email: string;
  userId: string | null;
}

export type EmailReservationCommand =
  | { type: 'ReserveEmail'; email: string; userId: string }
  /** The holder's account was erased (checked by the caller on the user stream). */
  | { type: 'ReleaseEmail'; heldBy: string };

const free = (): EmailReservationState => ({ reserved: false, email: '', userId: null });

export const emailReservationDecider: Decider<EmailReservationState, EmailReservationCommand, EmailReservationEvent> = {
  initialState: free,
  evolve: (_state, event) => (event.type === 'EmailAddressReleased' ? free() : { reserved: true, email: event.data.email, userId: event.data.userId }),
  decide: (command, state) => {
    if (command.type === 'ReleaseEmail') {
      return state.reserved && state.userId === command.heldBy ? [{ type: 'EmailAddressReleased', data: { reason: 'account-erased' } }] : [];
    }
    if (state.reserved) throw new DomainError('CONFLICT', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
    return [{ type: 'EmailAddressReserved', data: { email: command.email, userId: command.userId } }];
  },
};
