import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { sql } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, ERASED_TEXT } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { isLinkedParent } from '../families/family-access.ts';
import { userIdParams } from '../learning/learner-access.ts';

const EXPORT_NOT_ALLOWED = 'You can download your own data, or the data of a child linked to you.';

/** Columns that say whose a read-model row is: a row with the person in one of them is theirs. */
const PERSON_COLUMNS = ['user_id', 'student_id', 'child_id', 'parent_id', 'tutor_id'] as const;
/** The projector's own tables, and the audit log (its rows are the events file). */
const NOT_EXPORTED = new Set(['projection_state', 'change_feed', 'event_log']);

const tableColumns = z.object({ table_name: z.string(), column_name: z.string() });
const anyRow = z.record(z.string(), z.unknown());
const logColumn = tableRows.event_log.shape;
const eventRow = z.object({ position: z.string(), id: logColumn.event_id, type: logColumn.type, streamId: logColumn.stream_id, version: logColumn.version, data: logColumn.data, metadata: logColumn.metadata });

const README = (name: string, at: string) => `Your MathDaily data
===================

This is everything MathDaily keeps about ${name}, as it stood on ${at}.

profile.json      Who you are on MathDaily: your name, e-mail address, grade, time zone,
                  picture, and the grown-ups, tutors or children linked to you.
events.json       Everything that ever happened on your account, in order, one record each:
                  signing up and in, every answer, hint and rating, changes to your profile.
                  Passwords and secret codes are never shown: they read "[redacted]".
read-models/      The same information as MathDaily's screens use it (your progress, reviews,
                  achievements…), one file per table.

The files are JSON, a plain text format: open them in any text editor, or in a spreadsheet or
program that reads JSON. Questions? Write to privacy@mathdaily.example.
`;

/**
 * GET /api/privacy/export/{userId} → application/zip (UK GDPR Art. 15 and 20): everything held
 * about a person, for themselves, a linked parent (their child's) or an admin (a written request):
 * profile.json, events.json (every event they caused or that is about them, from the audit log,
 * secrets redacted and personal data opened) and read-models/<table>.json (every row of theirs in
 * every read model, found by its person columns, so a new read model is in the export by itself).
 */
export function registerExportPersonalData(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/privacy/export/:userId', {
    config: { access: 'authenticated' },
    schema: { tags: ['privacy'], params: userIdParams },
    handler: async (request, reply) => {
      const userId = request.params.userId;
      const caller = principalOf(request);
      const allowed = caller.userId.toLowerCase() === userId || caller.role === 'admin' || (await isLinkedParent(request, deps, userId));
      if (!allowed) throw new DomainError('FORBIDDEN', EXPORT_NOT_ALLOWED);
      const user = await deps.pool.maybeOne(sql.type(tableRows.users)`SELECT * FROM read_models.users WHERE id = ${userId}::uuid`);
      if (!user) throw new DomainError('NOT_FOUND', `No user with id ${userId} was found.`);
      const at = deps.clock().toISOString();
      const [events, tables] = await Promise.all([eventsOf(deps, userId), readModelRowsOf(deps, userId)]);
      const profile = {
        user: withoutInternals(user),
        parents: tables.family_links?.filter((row) => row.child_id === userId).map((row) => row.parent_id) ?? [],
        children: tables.family_links?.filter((row) => row.parent_id === userId).map((row) => row.child_id) ?? [],
        tutors: tables.tutor_students?.filter((row) => row.student_id === userId).map((row) => ({ tutorId: row.tutor_id, status: row.status })) ?? [],
      };
      const files: Zippable = {
        'README.txt': strToU8(README(`${String(user.first_name)} ${String(user.last_name)}`, at)),
        'profile.json': strToU8(JSON.stringify(profile, null, 2)),
        // One event a line: readable, and a 10,000-event history stays a few megabytes.
        'events.json': strToU8(`[\n${events.map((event) => JSON.stringify(event)).join(',\n')}\n]\n`),
      };
      for (const [table, rows] of Object.entries(tables)) files[`read-models/${table}.json`] = strToU8(JSON.stringify(rows, null, 1));
      const zip = zipSync(files, { level: 6, mtime: new Date(at) });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="mathdaily-data-${userId}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  });
}

/** Every event the person caused or that is about them, oldest first (indexes: event_log_actor, event_log_subject). */
async function eventsOf(deps: QueryApiDeps, userId: string) {
  const rows = await deps.pool.any(sql.type(eventRow)`
    SELECT position::text AS position, event_id AS id, type, stream_id AS "streamId", version, data, metadata
    FROM read_models.event_log WHERE actor_id = ${userId} OR subject_id = ${userId}::uuid ORDER BY position`);
  return deps.personalData.openValues(rows, ERASED_TEXT);
}

/** Every read-model row with the person in one of its person columns, by table, personal data opened. */
async function readModelRowsOf(deps: QueryApiDeps, userId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const columns = await deps.pool.any(sql.type(tableColumns)`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'read_models' AND column_name = ANY(${sql.array([...PERSON_COLUMNS], 'text')}) AND data_type = 'uuid'`);
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) if (!NOT_EXPORTED.has(table)) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  const entries = await Promise.all(
    [...byTable].map(async ([table, people]) => {
      const where = sql.join(people.map((column) => sql.fragment`${sql.identifier([column])} = ${userId}::uuid`), sql.fragment` OR `);
      const rows = await deps.pool.any(sql.type(anyRow)`SELECT * FROM ${sql.identifier(['read_models', table])} WHERE ${where}`);
      return [table, rows.map(withoutInternals)] as const;
    }),
  );
  return deps.personalData.openValues(Object.fromEntries([...entries].filter(([, rows]) => rows.length > 0).sort(([a], [b]) => a.localeCompare(b))), ERASED_TEXT);
}

/** A row without what only the machinery needs (credentials version, positions). */
function withoutInternals(row: Record<string, unknown>): Record<string, unknown> {
  const { credentials_version: _version, position: _position, ...rest } = row;
  return rest;
}
