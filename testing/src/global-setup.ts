import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@mathdaily/launcher/embedded-postgres';
import { buildSeededTemplate, SEEDED_TEMPLATE } from './seeded-template.ts';
import { TEST_WORKERS } from './workers.ts';

/**
 * One real PostgreSQL server per test worker; each test file makes its own database in its
 * worker's server. A server per worker, not one shared: the PostgreSQL event store reads up to the
 * cluster-wide xmin horizon, so one file's open transaction would hold back another's reads
 * (docs/testing.md).
 */
const servers: EmbeddedPostgresHandle[] = [];
let folder: string | undefined;
let scratch: string | undefined;

/**
 * Every temporary folder a test makes (os.tmpdir(): data dirs, exports, browser profiles) goes
 * under one folder per run, removed at the end: tests that stop early or forget to clean up left
 * gigabytes in /tmp run after run. Readable by others: as root, the embedded PostgreSQL runs as
 * the postgres user, who must reach the data dirs inside.
 */
async function useScratchTmpdir() {
  scratch = await mkdtemp(path.join(tmpdir(), 'mathdaily-test-run-'));
  await chmod(scratch, 0o755);
  process.env.TMPDIR = scratch;
}

export async function setup() {
  await useScratchTmpdir();
  const given = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) {
    process.env.TEST_DATABASE_URL = given;
    await buildSeededTemplate(given);
    process.env.TEST_SEEDED_TEMPLATE = SEEDED_TEMPLATE;
    return;
  }
  folder = await mkdtemp(path.join(tmpdir(), 'mathdaily-test-'));
  const started = await Promise.all(
    Array.from({ length: TEST_WORKERS }, (_, index) =>
      // Throwaway servers: commits need not wait for the disk (tests that kill PostgreSQL run their own).
      startEmbeddedPostgres({ clusterDir: path.join(folder!, `cluster-${index + 1}`), password: 'test', durable: false }),
    ),
  );
  servers.push(...started);
  started.forEach((server, index) => (process.env[`TEST_DATABASE_URL_${index + 1}`] = server.url));
  process.env.TEST_DATABASE_URL = started[0]!.url;
  // Built one server at a time: the two builds would only compete for the same two cores.
  for (const server of started) await buildSeededTemplate(server.url);
  process.env.TEST_SEEDED_TEMPLATE = SEEDED_TEMPLATE;
}

export async function teardown() {
  await Promise.all(servers.map((server) => server.stop()));
  if (folder) await rm(folder, { recursive: true, force: true });
  if (scratch) await rm(scratch, { recursive: true, force: true });
}
