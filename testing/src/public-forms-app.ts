import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabasePool } from 'slonik';
import { createApiServer, createSlonikPool, postgresUploadStore, signAccessToken, type Role, type PrincipalLoader } from '@mathdaily/api-kit';
import { startApp, type RunningApp } from '@mathdaily/launcher/app';
import { createPreparedQueries, PositionWaiter, queryApi } from '@mathdaily/query-api';
import { createTestDatabase } from './database.ts';

/** Any token signed with the test secret counts as its claims say (no streams behind these tests). */
const trustSignedTokens: PrincipalLoader = async (claims) => ({ userId: claims.sub, role: claims.role, sessionId: claims.sid });

const JWT_SECRET = 'public-forms-test-secret-public-forms-test';

export interface PublicFormsTestApp {
  /** The whole product (command API, projector, query API) on a fresh database. */
  app: RunningApp;
  databaseUrl: string;
  /**
   * The real query API on the same database, behind a principal loader that trusts any token
   * signed with the test secret, so admin-only lists can be read before real admin accounts exist.
   */
  admin: FastifyInstance;
  tokenFor(role: Role): string;
  /** Starts the product again on the same database (a restart). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPublicFormsTestApp(): Promise<PublicFormsTestApp> {
  const databaseUrl = await createTestDatabase('public_forms', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-public-forms-'));
  const start = () =>
    startApp({ databaseUrl, jwtSecret: JWT_SECRET, demoAccounts: false, dataDir, port: 0, log: () => {}, webDist: path.join(dataDir, 'no-web') });
  let app = await start();
  const pool: DatabasePool = await createSlonikPool(databaseUrl, { maximumPoolSize: 2 });
  const waiter = new PositionWaiter({ pool, databaseUrl });
  await waiter.start();
  const prepared = createPreparedQueries(databaseUrl, { max: 2 });
  const admin = await createApiServer({
    jwtSecret: JWT_SECRET,
    loadPrincipal: trustSignedTokens,
  });
  await admin.register(async (scope) =>
    queryApi(scope, { pool, prepared, waiter, clock: () => new Date(), loadPrincipal: trustSignedTokens, lastEventPosition: () => app.store.lastPosition(), uploads: postgresUploadStore(pool), config: { demoAccounts: false, jwtSecret: JWT_SECRET } }),
  );
  await admin.ready();
  const result: PublicFormsTestApp = {
    app,
    databaseUrl,
    admin,
    tokenFor: (role) => signAccessToken({ sub: randomUUID(), sid: randomUUID(), role, ver: 1 }, JWT_SECRET, Math.floor(Date.now() / 1000)),
    async restart() {
      await app.stop();
      app = await start();
      result.app = app;
    },
    async stop() {
      await admin.close();
      await waiter.close();
      await pool.end();
      await prepared.end();
      await app.stop();
    },
  };
  return result;
}
