// The reference for the command path: what PostgreSQL itself does with one event-sized row per
// round trip and commit, from as many clients as there are students, into a table shaped exactly
// like `events` (same columns, defaults, constraints and index, copied from the table itself).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { percentiles, type Percentiles } from './stats.ts';

// LIKE … INCLUDING ALL copies the columns, defaults, identity, constraints and indexes of the
// product's own `events`, so the reference can never drift from the real table.
const TABLE_SQL = `
DROP TABLE IF EXISTS bench_raw_events;
CREATE TABLE bench_raw_events (LIKE events INCLUDING ALL);
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
