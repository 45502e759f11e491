/** SPEC §5: the 12 common time zones offered on the profile (four US zones, London, Paris, Berlin, Tokyo, Shanghai, Mumbai, Sydney, UTC). */
export const TIME_ZONES = [
  { id: 'America/New_York', label: 'Eastern Time (New York)' },
  { id: 'America/Chicago', label: 'Central Time (Chicago)' },
  { id: 'America/Denver', label: 'Mountain Time (Denver)' },
  { id: 'America/Los_Angeles', label: 'Pacific Time (Los Angeles)' },
  { id: 'Europe/London', label: 'London' },
  { id: 'Europe/Paris', label: 'Paris' },
  { id: 'Europe/Berlin', label: 'Berlin' },
  { id: 'Asia/Tokyo', label: 'Tokyo' },
  { id: 'Asia/Shanghai', label: 'Shanghai' },
  { id: 'Asia/Kolkata', label: 'Mumbai' },
  { id: 'Australia/Sydney', label: 'Sydney' },
  { id: 'UTC', label: 'UTC (Coordinated Universal Time)' },
] as const;

export type TimeZoneId = (typeof TIME_ZONES)[number]['id'];
export const TIME_ZONE_IDS: readonly TimeZoneId[] = TIME_ZONES.map((zone) => zone.id);
export const DEFAULT_TIME_ZONE: TimeZoneId = 'UTC';

export function isOfferedTimeZone(id: string): id is TimeZoneId {
  return (TIME_ZONE_IDS as readonly string[]).includes(id);
}
