import { sql, type DatabaseTransactionConnection } from 'slonik';
import type { ProfileUpdated, UserRegistered, UserRoleChanged } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/** True for a canonical UUID; the practice read models skip events whose ids are not (their columns are uuid). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** An IANA zone Intl accepts, else UTC (a stored zone must never make a projection throw). */
export function usableTimeZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/**
 * What the practice loop needs to know about a user, fed by the accounts events of `user-{id}`:
 * role, grade level (new problems are chosen within it) and time zone (practice days, streaks and
 * "due today" are calendar days there; default UTC). Kept by the learning area itself so it does
 * not depend on the accounts read model's table layout.
 */
export const learnerProfiles: ReadModel = {
  name: 'learner-profiles',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE learner_profiles (
        user_id uuid PRIMARY KEY,
        role text NOT NULL,
        grade_level smallint,
        timezone text NOT NULL,
        registered_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
  ],
  handles: ['UserRegistered', 'ProfileUpdated', 'UserRoleChanged'],
  async apply(tx, event) {
    const at = event.metadata.at;
    switch (event.type) {
      case 'UserRegistered': {
        const data = event.data as UserRegistered['data'];
        if (!isUuid(data.userId)) return;
        await tx.query(sql.unsafe`
          INSERT INTO learner_profiles (user_id, role, grade_level, timezone, registered_at, updated_at)
          VALUES (${data.userId}, ${data.role}, ${data.gradeLevel}, ${usableTimeZone(data.timezone)}, ${at}, ${at})
          ON CONFLICT (user_id) DO NOTHING`);
        return;
      }
      case 'ProfileUpdated': {
        const data = event.data as ProfileUpdated['data'];
        if (!isUuid(data.userId)) return;
        const grade = data.gradeLevel === undefined ? sql.fragment`grade_level` : sql.fragment`${data.gradeLevel}::smallint`;
        const zone = data.timezone === undefined ? sql.fragment`timezone` : sql.fragment`${usableTimeZone(data.timezone)}`;
        await tx.query(sql.unsafe`
          UPDATE learner_profiles SET grade_level = ${grade}, timezone = ${zone}, updated_at = ${at}
          WHERE user_id = ${data.userId}`);
        return;
      }
      case 'UserRoleChanged': {
        const data = event.data as UserRoleChanged['data'];
        if (!isUuid(data.userId)) return;
        await tx.query(sql.unsafe`UPDATE learner_profiles SET role = ${data.role}, updated_at = ${at} WHERE user_id = ${data.userId}`);
        return;
      }
    }
  },
};

/** The time zone of a user as of the event being applied (UTC when unknown). */
export async function timeZoneOf(tx: DatabaseTransactionConnection, userId: string): Promise<string> {
  const zone = await tx.maybeOneFirst(sql.unsafe`SELECT timezone FROM learner_profiles WHERE user_id = ${userId}`);
  return usableTimeZone(typeof zone === 'string' ? zone : null);
}
