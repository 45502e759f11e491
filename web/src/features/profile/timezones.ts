/** SPEC §5: the 12 common zones offered, default UTC. */
export const TIMEZONES: { id: string; label: string }[] = [
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
];
export const DEFAULT_TIMEZONE = 'UTC';

export function timezoneLabel(id: string | null | undefined): string {
  const zone = id || DEFAULT_TIMEZONE;
  return TIMEZONES.find((entry) => entry.id === zone)?.label ?? zone;
}
