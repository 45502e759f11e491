import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { livenessResponse, readinessResponse } from '@mathdaily/domain/api/site';
import { registerMetrics, type MetricsRegistry } from './metrics.ts';

/** One thing a service needs to do its work (its database, the event store…); throws when it cannot be reached. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

/** A check that has not answered by then counts as failed: a hung database must not hang the probe. */
const CHECK_TIMEOUT_MS = 2_000;

async function outcome({ check }: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0]! : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health/live`: the process runs and serves (200 while it can answer at all): an orchestrator
 * restarts it otherwise. `GET /health/ready`: every check passes now (200), else 503 naming what
 * failed; a load balancer sends no traffic meanwhile, and readiness comes back by itself when the
 * database or event store does. Outside /api/, so nginx never proxies them (docs/operations.md).
 */
export function registerHealthEndpoints(app: FastifyInstance, checks: readonly ReadinessCheck[]): void {
  // Told to stop: the load balancer sends nothing new while requests in hand finish.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/health/live', { config: { access: 'public' }, schema: { hide: true, response: { 200: livenessResponse } } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'live' }),
  );
  typed.get('/health/ready', { config: { access: 'public' }, schema: { hide: true, response: { 200: readinessResponse, 503: readinessResponse } } }, async (_request, reply) => {
    if (stopping) return reply.status(503).header('cache-control', 'no-store').send({ status: 'stopping', checks: {} });
    const results = await Promise.all(checks.map(async (check) => [check.name, await outcome(check)] as const));
    const ready = results.every(([, result]) => result === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
}

/**
 * A service without an API of its own (the projector): an HTTP server for its metrics and health
 * probes only, on its own port.
 */
export async function startServiceEndpoints(options: { port: number; host: string; metrics: MetricsRegistry; checks: readonly ReadinessCheck[] }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // The probes' response schemas are zod, as in the APIs (createApiServer).
  app.setSerializerCompiler(serializerCompiler);
  registerMetrics(app, options.metrics);
  registerHealthEndpoints(app, options.checks);
  await app.listen({ port: options.port, host: options.host });
  return app;
}
