import client from 'prom-client';
import type { MetricsRegistry } from '@mathdaily/api-kit';
import type { EventStore } from '@mathdaily/event-store';

/** Events read to measure the lag: beyond this many the lag is reported as at least this many. */
const LAG_COUNTED = 10_000;

/**
 * The projector's metrics: batches applied (count, events per batch, time per batch), whether this
 * process is the active projector, its checkpoint, and how far behind the event store it is, in
 * events and in seconds (the age of the oldest event not yet applied), read when scraped.
 */
export class ProjectorMetrics {
  private readonly batches: client.Counter;
  private readonly batchEvents: client.Histogram;
  private readonly batchSeconds: client.Histogram;

  constructor(registry: MetricsRegistry, state: { store: EventStore; active: () => boolean; checkpoint: () => bigint; now: () => Date }) {
    this.batches = new client.Counter({ name: 'mathdaily_projector_batches_total', help: 'Batches applied to the read models', registers: [registry] });
    this.batchEvents = new client.Histogram({
      name: 'mathdaily_projector_batch_events',
      help: 'Events per applied batch',
      buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500],
      registers: [registry],
    });
    this.batchSeconds = new client.Histogram({
      name: 'mathdaily_projector_batch_seconds',
      help: 'Time to apply one batch (load, fold, write, commit)',
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    new client.Gauge({
      name: 'mathdaily_projector_active',
      help: '1 while this process holds the single-projector lock (the others stand by)',
      registers: [registry],
      collect() {
        this.set(state.active() ? 1 : 0);
      },
    });
    new client.Gauge({
      name: 'mathdaily_projector_checkpoint',
      help: "Position of the last event applied (the active projector's)",
      registers: [registry],
      collect() {
        if (state.active()) this.set(Number(state.checkpoint()));
      },
    });
    // Both lags from one read of what waits beyond the checkpoint, shared by the two gauges of a scrape.
    let reading: Promise<{ events: number; seconds: number }> | undefined;
    const lag = () =>
      (reading ??= state.store
        .readAll({ after: state.checkpoint(), limit: LAG_COUNTED })
        .then((waiting) => ({ events: waiting.length, seconds: waiting[0] ? Math.max(0, (state.now().getTime() - Date.parse(waiting[0].metadata.at)) / 1000) : 0 }))
        .finally(() => setImmediate(() => (reading = undefined))));
    new client.Gauge({
      name: 'mathdaily_projector_lag_events',
      help: `Events stored but not applied yet (at most ${LAG_COUNTED} counted); the active projector only`,
      registers: [registry],
      async collect() {
        if (state.active()) this.set((await lag()).events);
      },
    });
    new client.Gauge({
      name: 'mathdaily_projector_lag_seconds',
      help: 'Age of the oldest event not applied yet (0 when caught up); the active projector only',
      registers: [registry],
      async collect() {
        if (state.active()) this.set((await lag()).seconds);
      },
    });
  }

  /** One batch applied: its size and how long it took. */
  applied(events: number, seconds: number): void {
    this.batches.inc();
    this.batchEvents.observe(events);
    this.batchSeconds.observe(seconds);
  }
}
