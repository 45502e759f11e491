import { TIME_ZONES } from '@mathdaily/domain/accounts/time-zones';

/** The time zones a user or class can pick, as select options named for people ('London'). */
export function TimeZoneOptions() {
  return TIME_ZONES.map((zone) => (
    <option key={zone.id} value={zone.id}>
      {zone.label}
    </option>
  ));
}

/** A time zone's name from the list, or its id when the list does not have it. */
export const timeZoneLabel = (id: string) => TIME_ZONES.find((zone) => zone.id === id)?.label ?? id;
