/**
 * Some of the appended event ids are already stored, but not as exactly this append's events
 * (only part of the batch, or in another stream). A full re-send of an earlier append is not an
 * error: it returns the original result.
 */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(
    readonly streamId: string,
    readonly duplicateIds: string[],
  ) {
    super(`Event ids already stored elsewhere (append to ${streamId}): ${duplicateIds.join(', ')}`);
  }
}

/** readAll/subscribeToAll was given an `after` that is neither 0n nor the position of a stored event. */
export class UnknownPositionError extends Error {
  override readonly name = 'UnknownPositionError';
  constructor(readonly position: bigint) {
    super(`Position ${position} is not the position of a stored event: read from 0n or from a position this store returned.`);
  }
}
