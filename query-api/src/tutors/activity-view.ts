import { sql, type DatabasePool, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { tableRows } from '@mathdaily/projector/tables';

/**
 * Activity rows as tutors see them (the dashboard's Recent Activity and the /api/live feed):
 * the message is written here from the row's facts and the student's current name.
 */

const activityRow = tableRows.tutor_activity
  .pick({ student_id: true, activity_key: true, type: true, alert: true, details: true, started_at: true, at: true })
  .extend({ position: z.string(), first_name: tableRows.users.shape.first_name, last_name: tableRows.users.shape.last_name, class_name: tableRows.classes.shape.name.nullable() });
type ActivityRow = z.infer<typeof activityRow>;

export interface ActivityItem {
  /** Stable per happening: a session's row keeps its id while it grows, so clients replace it. */
  id: string;
  /** Position of the event that last changed it: ordering, and the /api/live resume cursor. */
  position: string;
  type: string;
  alert: boolean;
  message: string;
  timestamp: string;
  started_at: string;
  student_id: string;
  student_name: string;
  details: Record<string, unknown>;
}

const percent = (value: unknown) => `${Math.round(Number(value) * 100)}%`;
const topicsOf = (details: Record<string, unknown>) => ((details.topics as string[] | undefined) ?? []).join(', ');

/**
 * A session's figures as the student's summary counts them (`sessionCounts`): problems by their
 * first answer, retries shown as such — "4 of 6 problems right first time, 2 retries (1 right)".
 */
function sessionFigures(details: Record<string, unknown>): string {
  const problems = Number(details.problems ?? 0);
  const retries = Number(details.retries ?? 0);
  const onRetry = details.correct_on_retry === undefined ? '' : ` (${Number(details.correct_on_retry)} right)`;
  const retried = retries > 0 ? `, ${retries} ${retries === 1 ? 'retry' : 'retries'}${onRetry}` : '';
  return `${Number(details.correct ?? 0)} of ${problems} ${problems === 1 ? 'problem' : 'problems'} right first time${retried}`;
}

function messageOf(type: string, name: string, details: Record<string, unknown>): string {
  switch (type) {
    case 'student_joined':
      return `${name} joined with referral code ${String(details.code)}`;
    case 'referral_used':
      return `${name} used referral code ${String(details.code)}`;
    case 'student_activated':
      return `${name} is now an active student`;
    case 'class_joined':
      return `${name} joined ${details.class_name ? String(details.class_name) : 'one of your classes'} with its code`;
    case 'relationship_ended':
      return `${name} is no longer a student on MathDaily (their account changed), so they have left your students`;
    case 'answered':
      return `${name} is practising ${topicsOf(details)}: ${sessionFigures(details)} so far (last answer ${details.last_correct ? 'right' : 'wrong'})`;
    case 'session_completed':
      return `${name} ${details.ended === 'idle' ? 'left a session' : 'finished a session'} in ${topicsOf(details)}: ${sessionFigures(details)}`;
    case 'answer_streak':
      return `${name} got ${Number(details.streak)} answers right in a row`;
    case 'accuracy_drop':
      return `${name}'s accuracy dropped to ${percent(details.accuracy)} this session (${percent(details.previous_accuracy)} in recent sessions)`;
    case 'fell_behind': {
      const reasons = (details.reasons as string[] | undefined) ?? [];
      const parts = [
        ...(reasons.includes('no_practice') ? [details.last_practice_at ? 'has not practised for 2 days' : 'has not practised yet'] : []),
        ...(reasons.includes('overdue_reviews') ? [`has ${Number(details.overdue_reviews)} overdue reviews`] : []),
      ];
      return `${name} is falling behind: ${parts.join(' and ')}`;
    }
    default:
      return `${name}: ${type}`;
  }
}

function activityItemOf(row: ActivityRow): ActivityItem {
  const name = `${row.first_name} ${row.last_name}`;
  return {
    id: `${row.student_id}:${row.activity_key}`,
    position: row.position,
    type: row.type,
    alert: row.alert,
    message: messageOf(row.type, name, row.class_name === null ? row.details : { ...row.details, class_name: row.class_name }),
    timestamp: row.at,
    started_at: row.started_at,
    student_id: row.student_id,
    student_name: name,
    details: row.details,
  };
}

/**
 * A tutor sees the rows that name them, and practice rows (tutor_id null) of students who are
 * active with them: `ts` is their tutor_students row.
 */
const visibleTo = (a: string, ts: string): FragmentSqlToken =>
  sql.fragment`(${sql.identifier([a, 'tutor_id'])} = ${sql.identifier([ts, 'tutor_id'])} OR (${sql.identifier([a, 'tutor_id'])} IS NULL AND ${sql.identifier([ts, 'status'])} = 'active'))`;

const columns = sql.fragment`a.student_id, a.activity_key, a.type, a.alert, a.details, a.started_at, a.at, a.position::text AS position, u.first_name, u.last_name, c.name AS class_name`;
/** The class a 'class_joined' row names, by its name now. */
const classOf = sql.fragment`LEFT JOIN read_models.classes c ON a.type = 'class_joined' AND c.class_id = (a.details->>'class_id')::uuid`;

/** The newest activity of the tutor's students (every tutor's with null), newest first. */
export async function recentActivity(pool: DatabasePool, tutorId: string | null, options: { limit: number; afterPosition?: string }): Promise<ActivityItem[]> {
  const after = options.afterPosition ?? '0';
  const rows = await pool.any(sql.type(activityRow)`
    WITH mine AS (
      SELECT student_id, array_agg(tutor_id) AS tutors, bool_or(status = 'active') AS active
      FROM read_models.tutor_students ts WHERE ${tutorId === null ? sql.fragment`TRUE` : sql.fragment`ts.tutor_id = ${tutorId}::uuid`}
      GROUP BY student_id
    )
    SELECT ${columns}
    FROM mine
    CROSS JOIN LATERAL (
      SELECT * FROM read_models.tutor_activity a
      WHERE a.student_id = mine.student_id AND a.position > ${after}::int8
        AND (a.tutor_id = ANY(mine.tutors) OR (a.tutor_id IS NULL AND mine.active))
      ORDER BY a.position DESC LIMIT ${options.limit}
    ) a
    JOIN read_models.users u ON u.id = a.student_id
    ${classOf}
    ORDER BY a.position DESC LIMIT ${options.limit}`);
  return rows.map(activityItemOf);
}

/** Every row changed after `afterPosition`, with each tutor it concerns (the live feed's fan-out). */
export async function activitySince(pool: DatabasePool, afterPosition: string, limit: number): Promise<(ActivityItem & { tutorId: string })[]> {
  const rows = await pool.any(sql.type(activityRow.extend({ recipient: z.string() }))`
    SELECT ${columns}, ts.tutor_id AS recipient
    FROM read_models.tutor_activity a
    JOIN read_models.tutor_students ts ON ts.student_id = a.student_id AND ${visibleTo('a', 'ts')}
    JOIN read_models.users u ON u.id = a.student_id
    ${classOf}
    WHERE a.position > ${afterPosition}::int8
    ORDER BY a.position LIMIT ${limit}`);
  return rows.map((row) => ({ ...activityItemOf(row), tutorId: row.recipient }));
}
