import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { NewEvent } from '@mathdaily/domain';

/**
 * Prometheus metrics (prom-client), one registry per service process, served at `/metrics`
 * (outside /api/, so nginx never proxies it: docs/operations.md). Every metric is named
 * `mathdaily_*`; process figures (CPU, memory, event-loop lag, GC) come from prom-client's defaults.
 */
export type MetricsRegistry = client.Registry;

export function createMetricsRegistry(service: string, options: { processFigures?: boolean } = {}): MetricsRegistry {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  if (options.processFigures !== false) client.collectDefaultMetrics({ register: registry });
  return registry;
}

/** A metric of this registry by name, made once (a second server or store in one process shares it). */
function once<T extends client.Metric>(registry: MetricsRegistry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

/**
 * `GET /metrics` in Prometheus's text format, and the duration of every request by route and
 * status. `also`: more metrics served beside the registry's (the embedded projector thread's).
 */
export function registerMetrics(app: FastifyInstance, registry: MetricsRegistry, also?: () => Promise<string>): void {
  const duration = once(
    registry,
    'mathdaily_http_request_duration_seconds',
    () =>
      new client.Histogram({
        name: 'mathdaily_http_request_duration_seconds',
        help: 'HTTP request duration by route (its pattern, not the path) and status',
        labelNames: ['method', 'route', 'status'],
        buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
        registers: [registry],
      }),
  );
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern keeps the label set small; unrouted requests are one label.
    const route = request.routeOptions.url ?? 'unrouted';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const [own, more] = await Promise.all([registry.metrics(), also?.() ?? '']);
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(more ? `${own}\n${more}` : own);
  });
}

type PoolState = { used: number; idle: number; waiting: number };
const pools = new WeakMap<MetricsRegistry, Map<string, () => PoolState>>();

/**
 * Gauges of a connection pool's use, read at each scrape: connections in use, idle, and callers
 * waiting for one (a pool too small for its load shows here first).
 */
export function registerPoolGauges(registry: MetricsRegistry, pool: string, state: () => PoolState): void {
  let sources = pools.get(registry);
  if (!sources) {
    pools.set(registry, (sources = new Map()));
    const all = sources;
    const gauge = (name: string, help: string, pick: (now: PoolState) => number) =>
      new client.Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers: [registry],
        collect() {
          for (const [label, read] of all) this.set({ pool: label }, pick(read()));
        },
      });
    gauge('mathdaily_pool_connections_used', 'Connections in use, per pool', (now) => now.used);
    gauge('mathdaily_pool_connections_idle', 'Idle connections, per pool', (now) => now.idle);
    gauge('mathdaily_pool_waiting', 'Callers waiting for a connection, per pool', (now) => now.waiting);
  }
  sources.set(pool, state);
}

/** A node-pg pool's use, for registerPoolGauges. */
export const pgPoolUse = (pool: { totalCount: number; idleCount: number; waitingCount: number }) => (): PoolState => ({
  used: pool.totalCount - pool.idleCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** A slonik pool's use, for registerPoolGauges. */
export const slonikPoolUse = (pool: { state(): { acquiredConnections: number; idleConnections: number; waitingClients: number } }) => (): PoolState => {
  const state = pool.state();
  return { used: state.acquiredConnections, idle: state.idleConnections, waiting: state.waitingClients };
};

/** What counting needs of an event store (the EventStore port, without importing it: api-kit imports domain only). */
interface AppendingStore {
  append(streamId: string, events: NewEvent[], options: unknown): Promise<unknown>;
  appendMany(appends: readonly { events: NewEvent[] }[]): Promise<unknown>;
}

/** Counts the events a store appends, by type (`mathdaily_events_appended_total`): the store itself, its appends wrapped. */
export function countAppendedEvents<Store extends AppendingStore>(store: Store, registry: MetricsRegistry): Store {
  const appended = once(
    registry,
    'mathdaily_events_appended_total',
    () => new client.Counter({ name: 'mathdaily_events_appended_total', help: 'Events appended to the event store, by type', labelNames: ['type'], registers: [registry] }),
  );
  const count = (events: readonly NewEvent[]) => {
    for (const event of events) appended.inc({ type: event.type });
  };
  const { append, appendMany } = store;
  store.append = async (streamId, events, options) => {
    const result = await append.call(store, streamId, events, options);
    count(events);
    return result;
  };
  store.appendMany = async (appends) => {
    const result = await appendMany.call(store, appends);
    for (const part of appends) count(part.events);
    return result;
  };
  return store;
}
