import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { ERASED_TEXT, UUID_PATTERN } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { registerAdminQuery } from './admin-query.ts';
import { auditEventsResponse } from '@mathdaily/domain/api/admin';

const TIME_MESSAGE = (name: string) => `${name} must be a date and time such as 2026-03-01T09:00:00Z`;
const time = (name: string) => z.iso.datetime({ offset: true, error: () => TIME_MESSAGE(name) }).optional();
const text = (name: string) => z.string().trim().min(1, `${name} must not be empty`).max(200, `${name} must be at most 200 characters`).optional();

const logColumn = tableRows.event_log.shape;
const row = z.object({
  position: z.string(),
  id: logColumn.event_id,
  type: logColumn.type,
  streamId: logColumn.stream_id,
  version: logColumn.version,
  data: logColumn.data,
  metadata: logColumn.metadata,
});

const userColumn = tableRows.users.shape;
const actorRow = z.object({ id: userColumn.id, firstName: userColumn.first_name, lastName: userColumn.last_name, email: userColumn.email });

const querystring = z
  .object({
    type: text('type'),
    stream: text('stream'),
    actor: text('actor'),
    correlation: text('correlation'),
    from: time('from'),
    to: time('to'),
    cursor: z.string().regex(/^[1-9][0-9]{0,18}$/, 'cursor must be the nextCursor of an earlier page').optional(),
    limit: z.coerce
      .number({ error: () => 'limit must be a whole number from 1 to 200' })
      .int('limit must be a whole number from 1 to 200')
      .min(1, 'limit must be a whole number from 1 to 200')
      .max(200, 'limit must be a whole number from 1 to 200')
      .default(50),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['to'] });

/**
 * GET /api/admin/events?type&stream&actor&correlation&from&to&cursor&limit (admins): the audit
 * log, newest first, each event whole (secrets redacted when projected; personal data kept sealed
 * there and opened here, "[erased]" once its person is erased) with its actor's current name. Filters combine; `actor` is a user id or an account's e-mail address. `cursor` is the `nextCursor` of the page before: events below that
 * position. Served from `read_models.event_log`, where each filter has an index ending in position.
 */
export function registerListEvents(app: FastifyInstance, deps: QueryApiDeps) {
  registerAdminQuery(app, '/api/admin/events', querystring, auditEventsResponse, async (q) => {
    const conditions = [];
    if (q.type) conditions.push(sql.fragment`type = ${q.type}`);
    if (q.stream) conditions.push(sql.fragment`stream_id = ${q.stream}`);
    if (q.actor) {
      // An e-mail address names the account; an address nobody has matches nothing.
      const actorId = q.actor.includes('@')
        ? ((await deps.pool.maybeOneFirst(sql.type(tableRows.users.pick({ id: true }))`SELECT id FROM read_models.users WHERE lower(email) = lower(${q.actor}) LIMIT 1`)) ?? '')
        : q.actor;
      conditions.push(sql.fragment`actor_id = ${actorId}`);
    }
    if (q.correlation) conditions.push(sql.fragment`correlation_id = ${q.correlation}`);
    if (q.from) conditions.push(sql.fragment`at >= ${q.from}::timestamptz`);
    if (q.to) conditions.push(sql.fragment`at < ${q.to}::timestamptz`);
    if (q.cursor) conditions.push(sql.fragment`position < ${q.cursor}::int8`);
    const where = conditions.length ? sql.fragment`WHERE ${sql.join(conditions, sql.fragment` AND `)}` : sql.fragment``;
    // One row more than asked tells whether another page follows.
    const rows = await deps.pool.any(sql.type(row)`
      SELECT position::text AS position, event_id AS id, type, stream_id AS "streamId", version, data, metadata
      FROM read_models.event_log e ${where}
      ORDER BY e.position DESC
      LIMIT ${q.limit + 1}`);
    const page = rows.slice(0, q.limit);
    const actorIds = [...new Set(page.map((event) => event.metadata.actorId).filter((id): id is string => id !== null && UUID_PATTERN.test(id)))];
    const actors = actorIds.length
      ? await deps.pool.any(sql.type(actorRow)`
          SELECT id, first_name AS "firstName", last_name AS "lastName", email
          FROM read_models.users WHERE id = ANY(${sql.array(actorIds, 'uuid')})`)
      : [];
    const byId = new Map(actors.map((actor) => [actor.id, actor]));
    const events = page.map(({ position, id, type, streamId, version, data, metadata }) => {
      const actor = metadata.actorId ? byId.get(metadata.actorId.toLowerCase()) : undefined;
      return {
        id,
        type,
        streamId,
        version,
        position,
        data,
        metadata,
        actor: actor ? { id: actor.id, name: `${actor.firstName} ${actor.lastName}`, email: actor.email } : null,
      };
    });
    return { data: { events: await deps.personalData.openValues(events, ERASED_TEXT), nextCursor: rows.length > q.limit ? page.at(-1)!.position : null } };
  });
}
