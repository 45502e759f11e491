/**
 * An assignment's due date is a wall-clock time in its class's time zone ('2026-03-05T17:00' in
 * Europe/London): the instant it stands for is found here, purely (Intl's zone rules, no clock).
 */

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instantMs)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instantMs / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** True for a real calendar date and time ('2026-02-30T10:00' and '2026-03-05T24:00' are not). */
export function isLocalDateTime(local: string): boolean {
  const match = LOCAL.exec(local);
  if (!match) return false;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}

/**
 * The instant of a wall-clock time in a time zone, as ISO text. A time that does not exist (the
 * hour skipped when clocks go forward) is read with the offset before the change, so it lands an
 * hour later, as a phone's clock app does; a time that happens twice takes the first.
 */
export function instantOfLocal(local: string, timeZone: string): string {
  const match = LOCAL.exec(local);
  if (!match || !isLocalDateTime(local)) throw new RangeError(`Expected a date and time like 2026-03-05T17:00, got ${local}`);
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets in force a day either side cover any change near this time (zones change at most twice a year).
  const before = zoneOffsetMs(asUtc - 86_400_000, timeZone);
  const after = zoneOffsetMs(asUtc + 86_400_000, timeZone);
  const valid = [asUtc - before, asUtc - after].filter((candidate) => candidate + zoneOffsetMs(candidate, timeZone) === asUtc);
  return new Date(valid.length > 0 ? Math.min(...valid) : asUtc - before).toISOString();
}

/** The wall-clock time ('YYYY-MM-DDTHH:mm') of an instant in a time zone. */
export function localOfInstant(at: string | Date, timeZone: string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 16);
}
