/**
 * Given/when/then for deciders:
 *
 *   given(decider, [events]).when(command).then([expected events])
 *   given(decider, [events]).when(command).thenThrows('CONFLICT', /already answered/)
 *
 * `then` compares with vitest's `expect(...).toEqual`; `thenThrows` checks the DomainError code and,
 * optionally, its message. Both return the result for further assertions.
 */
import { expect } from 'vitest';
import type { Decider } from '../decider.ts';
import { DomainError, type DomainErrorCode } from '../errors.ts';
import type { EventFact } from '../events/envelope.ts';

export interface DeciderSpec<State, Command, Event extends EventFact> {
  when: (command: Command) => {
    then: (expected: Event[]) => Event[];
    thenThrows: (code: DomainErrorCode, message?: string | RegExp) => DomainError;
    /** The events produced (throws if decide throws). */
    events: () => Event[];
  };
  /** The state after the given events. */
  state: () => State;
}

export function given<State, Command, Event extends EventFact>(
  decider: Decider<State, Command, Event>,
  events: readonly Event[] = [],
): DeciderSpec<State, Command, Event> {
  const state = () => events.reduce(decider.evolve, decider.initialState());
  return {
    state,
    when: (command) => {
      const run = () => decider.decide(command, state());
      return {
        events: run,
        then: (expected) => {
          const produced = run();
          expect(produced).toEqual(expected);
          return produced;
        },
        thenThrows: (code, message) => {
          let caught: unknown;
          try {
            run();
          } catch (error) {
            caught = error;
          }
          expect(caught, 'expected decide to throw a DomainError').toBeInstanceOf(DomainError);
          const error = caught as DomainError;
          expect(error.code).toBe(code);
          if (typeof message === 'string') expect(error.message).toBe(message);
          else if (message) expect(error.message).toMatch(message);
          return error;
        },
      };
    },
  };
}
