import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { EmailReservationEvent } from './events.ts';
import { MESSAGES } from './validation.ts';

/**
 * The `email-{sha256(lower-case email)}` stream: one event reserves an address for one user.
 * The server appends it with expected version 'no_stream', so two registrations racing for the
 * same address cannot both win, in either event store.
 */

export interface EmailReservationState {
  reserved: boolean;
  email: string;
  userId: string | null;
}

export type EmailReservationCommand = { type: 'ReserveEmail'; email: string; userId: string };

export const emailReservationDecider: Decider<EmailReservationState, EmailReservationCommand, EmailReservationEvent> = {
  initialState: () => ({ reserved: false, email: '', userId: null }),
  evolve: (_state, event) => ({ reserved: true, email: event.data.email, userId: event.data.userId }),
  decide: (command, state) => {
    if (state.reserved) throw new DomainError('CONFLICT', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
    return [{ type: 'EmailAddressReserved', data: { email: command.email, userId: command.userId } }];
  },
};
