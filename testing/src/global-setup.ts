import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@mathdaily/launcher/embedded-postgres';

/** One real PostgreSQL server for the whole test run; each test file makes its own database in it. */
let server: EmbeddedPostgresHandle | undefined;
let folder: string | undefined;

export async function setup() {
  let url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    folder = await mkdtemp(path.join(tmpdir(), 'mathdaily-test-'));
    server = await startEmbeddedPostgres({ clusterDir: path.join(folder, 'cluster'), password: 'test' });
    url = server.url;
  }
  process.env.TEST_DATABASE_URL = url;
}

export async function teardown() {
  await server?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
}

