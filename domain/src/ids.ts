/** A canonical UUID in either case: ids in bodies, URLs, events and read-model keys are checked against it. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
