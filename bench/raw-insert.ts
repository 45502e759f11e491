// The reference for the command path: what PostgreSQL itself does with one event-sized row per
// round trip and commit, from as many clients as there are students, into a table shaped exactly
// like `events` (same columns, defaults, constraints and index; event-store/src/postgres/schema.ts).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { percentiles, type Percentiles } from './stats.ts';

const TABLE_SQL = `
DROP TABLE IF EXISTS bench_raw_events;
CREATE TABLE bench_raw_events (
  position       bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  stream_id      text        NOT NULL,
  version        integer     NOT NULL CHECK (version > 0),
  event_id       uuid        NOT NULL,
  type           text        NOT NULL,
  data           jsonb       NOT NULL,
  metadata       jsonb       NOT NULL,
  transaction_id xid8        NOT NULL DEFAULT pg_current_xact_id(),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bench_raw_events_stream_version_unique UNIQUE (stream_id, version),
  CONSTRAINT bench_raw_events_event_id_unique UNIQUE (event_id)
);
CREATE INDEX bench_raw_events_transaction_id_position_idx ON bench_raw_events (transaction_id, position);
`;

export interface RawInsertResult {
  seconds: number;
  rows: number;
  rowsPerSecond: number;
  insertMs: Percentiles;
}

/** An AnswerSubmitted as the command API writes it (data and metadata). */
function answerPayload(userId: string) {
  return {
    data: {
      attemptId: randomUUID(),
      sessionId: randomUUID(),
      userId,
      problemId: randomUUID(),
      topic: 'Comparing and ordering numbers',
      topicId: 'comparing-ordering',
      grade: 2,
      difficultyLevel: 1,
      userAnswer: '54',
      isCorrect: true,
      responseTimeMs: 4000,
      hintsUsed: 0,
    },
    metadata: { actorId: userId, correlationId: 'req-1a2b', causationId: null, at: new Date().toISOString(), schemaVersion: 1 },
  };
}

export async function runRawInsertPhase(databaseUrl: string, options: { clients: number; seconds: number }): Promise<RawInsertResult> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(TABLE_SQL);
  } finally {
    await admin.end();
  }
  const clients = await Promise.all(
    Array.from({ length: options.clients }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => {});
      await client.connect();
      return client;
    }),
  );
  const latencies: number[] = [];
  let rows = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  try {
    await Promise.all(
      clients.map(async (client) => {
        const userId = randomUUID();
        const streamId = `practice-${userId}`;
        for (let version = 1; performance.now() < deadline; version += 1) {
          const { data, metadata } = answerPayload(userId);
          const before = performance.now();
          await client.query({
            name: 'bench-raw-insert',
            text: 'INSERT INTO bench_raw_events (stream_id, version, event_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
            values: [streamId, version, randomUUID(), 'AnswerSubmitted', data, metadata],
          });
          latencies.push(performance.now() - before);
          rows += 1;
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => {})));
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rows, rowsPerSecond: rows / seconds, insertMs: percentiles(latencies) };
}
