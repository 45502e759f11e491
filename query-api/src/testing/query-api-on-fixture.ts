import type { FastifyInstance } from 'fastify';
import { createApiServer, postgresUploadStore, type PrincipalLoader } from '@mathdaily/api-kit';
import { PersonalDataOpener, streamStateCacheOf } from '@mathdaily/event-store';
import { Projector, type ProjectorFixture } from '@mathdaily/testing';
import type { QueryApiDeps } from '../deps.ts';
import { childrenOfParent } from '../families/family-access.ts';
import { queryApi } from '../plugin.ts';
import { createPreparedQueries } from '../prepared-queries.ts';
import { PositionWaiter } from '../wait-for-position.ts';

/** Any token signed with the test secret counts as its claims say (no streams behind these tests). */
const trustSignedTokens: PrincipalLoader = async (claims) => ({ userId: claims.sub, role: claims.role, sessionId: claims.sid });

/**
 * The query API alone on a projector fixture's database, for query tests that need no command side.
 * `setup` runs on the server before the routes are registered (a hook that applies to all of them).
 */
export async function startQueryApiOnFixture(
  fixture: ProjectorFixture,
  secret: string,
  config: Partial<QueryApiDeps['config']> = {},
  setup?: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; waiter: PositionWaiter; close(): Promise<void> }> {
  const waiter = new PositionWaiter({ pool: fixture.pool, databaseUrl: fixture.databaseUrl });
  await waiter.start();
  const prepared = createPreparedQueries(fixture.databaseUrl, { max: 2 });
  const app = await createApiServer({ jwtSecret: secret, loadPrincipal: trustSignedTokens });
  setup?.(app);
  await app.register(async (scope) =>
    queryApi(scope, {
      pool: fixture.pool,
      prepared,
      waiter,
      clock: () => new Date(),
      loadPrincipal: trustSignedTokens,
      lastEventPosition: () => fixture.store.lastPosition(),
      personalData: new PersonalDataOpener(fixture.vault),
      childrenOf: childrenOfParent(streamStateCacheOf(fixture.store)),
      uploads: postgresUploadStore(fixture.pool),
      config: { demoAccounts: false, jwtSecret: secret, ...config },
    }),
  );
  await app.ready();
  return {
    app,
    waiter,
    close: async () => {
      await app.close();
      await waiter.close();
      await prepared.end();
    },
  };
}

/** As startQueryApiOnFixture, with a projector of `models` running on the fixture beside it; `close` stops both. */
export async function startQueryApiOnProjection(fixture: ProjectorFixture, secret: string, models: ConstructorParameters<typeof Projector>[0]['models']) {
  const projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models });
  await projector.start();
  const api = await startQueryApiOnFixture(fixture, secret).catch(async (error: unknown) => {
    await projector.stop();
    throw error;
  });
  return {
    ...api,
    close: async () => {
      await api.close();
      await projector.stop();
    },
  };
}
