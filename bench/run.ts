// `npm run bench`: throughput and memory of the parts that must stay fast, measured in one run on
// a private embedded PostgreSQL. Compare ratios within a run; absolute numbers vary by machine.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createSlonikPool } from '@mathdaily/api-kit';
import type { NewEvent } from '@mathdaily/domain';
import { createPostgresEventStore, migratePostgresEventStore } from '@mathdaily/event-store';
import { startEmbeddedPostgres } from '@mathdaily/launcher/embedded-postgres';
import { rebuildReadModels, readModels } from '@mathdaily/projector';
import { contactEvent } from '@mathdaily/projector/testing/projector-fixture';
import { benchDomain } from './domain.ts';

interface Row {
  name: string;
  value: string;
}
const rows: Row[] = [];
const record = (name: string, value: string) => {
  rows.push({ name, value });
  console.log(`${name.padEnd(58)} ${value}`);
};
const perSecond = (count: number, ms: number) => `${Math.round((count / ms) * 1000).toLocaleString('en-GB')} /s`;

async function benchEventStore(url: string) {
  const eventPool = new pg.Pool({ connectionString: url, max: 12 });
  await migratePostgresEventStore(eventPool);
  const store = createPostgresEventStore({ pool: eventPool, connectionString: url });
  const writers = 8;
  const perWriter = 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; i < perWriter; i += 1) {
        const event: NewEvent = contactEvent(writer * perWriter + i, new Date(Date.UTC(2026, 0, 1) + i * 1000));
        await store.append(`bench-${writer}-${i % 50}`, [event], { expectedVersion: 'any' });
      }
    }),
  );
  const appendMs = performance.now() - started;
  record(`event store: append, ${writers} writers × ${perWriter} single-event appends`, perSecond(writers * perWriter, appendMs));

  const readStarted = performance.now();
  let after = 0n;
  let read = 0;
  for (;;) {
    const batch = await store.readAll({ after, limit: 1000 });
    if (batch.length === 0) break;
    read += batch.length;
    after = batch.at(-1)!.position;
  }
  record(`event store: readAll in batches of 1000 (${read} events)`, perSecond(read, performance.now() - readStarted));

  const pool = await createSlonikPool(url);
  const rssBefore = process.memoryUsage().rss;
  const replay = await rebuildReadModels({ pool, store, models: readModels });
  record(`projector: replay of ${replay.events} events into a fresh schema`, `${replay.eventsPerSecond.toLocaleString('en-GB')} /s`);
  record('projector: memory growth during replay (RSS)', `${Math.round((process.memoryUsage().rss - rssBefore) / 1024 / 1024)} MiB`);
  await store.close();
  await pool.end();
  await eventPool.end();
}

const folder = await mkdtemp(path.join(tmpdir(), 'mathdaily-bench-'));
const server = await startEmbeddedPostgres({ clusterDir: path.join(folder, 'cluster'), password: randomUUID() });
try {
  await benchEventStore(server.url);
  await benchDomain(record);
} finally {
  await server.stop();
  await rm(folder, { recursive: true, force: true });
}
console.log(`\n${rows.length} measurements.`);
