import { DomainError } from './errors.ts';
import type { EventFact } from './events/envelope.ts';

/**
 * The decider shape (as in Emmett): `decide` turns a command and the current state into new
 * events or throws a DomainError; `evolve` folds one event into the state. Both are pure:
 * time and ids arrive inside the command, never from a clock.
 */
export interface Decider<State, Command, Event extends EventFact> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/** Rebuilds a state from stored events (their `type` and `data`). */
export function foldEvents<State, Event extends EventFact>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly EventFact[],
): State {
  return events.reduce<State>((state, event) => decider.evolve(state, event as Event), decider.initialState());
}

/** The end of an exhaustive `decide` switch: a command of no known type (from an untyped caller) is refused. */
export function unknownCommand(command: never, decider: string): never {
  throw new DomainError('VALIDATION_FAILED', `Unknown ${decider} command ${(command as { type: string }).type}`);
}
