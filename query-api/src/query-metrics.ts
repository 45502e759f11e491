import client from 'prom-client';
import type { MetricsRegistry } from '@mathdaily/api-kit';

/** How a due-queue request got its learner's inputs: from memory, by reading what changed, or read whole. */
type InputsOutcome = 'hit' | 'changes' | 'whole';

export interface QueryMetrics {
  inputs(outcome: InputsOutcome): void;
  /** The problem catalogue read again: the problems a batch changed, or everything. */
  catalogueRead(kind: 'changes' | 'whole'): void;
  /** Live sockets open now, counted when scraped. */
  liveSockets(count: () => number): void;
}

const none: QueryMetrics = { inputs: () => {}, catalogueRead: () => {}, liveSockets: () => {} };
const made = new WeakMap<MetricsRegistry, QueryMetrics>();

/** The query side's metrics in this registry (made once per registry); without one, nothing is counted. */
export function queryMetricsOf(registry: MetricsRegistry | undefined): QueryMetrics {
  if (!registry) return none;
  let metrics = made.get(registry);
  if (metrics) return metrics;
  const inputs = new client.Counter({ name: 'mathdaily_due_queue_inputs_total', help: "Due-queue requests by how the learner's inputs were had: hit (memory), changes (read what changed), whole", labelNames: ['outcome'], registers: [registry] });
  const catalogue = new client.Counter({ name: 'mathdaily_catalogue_reads_total', help: 'Problem catalogue reads: changes (what a batch changed) or whole', labelNames: ['kind'], registers: [registry] });
  const sockets: (() => number)[] = [];
  new client.Gauge({
    name: 'mathdaily_live_sockets',
    help: 'Live feed sockets signed in',
    registers: [registry],
    collect() {
      this.set(sockets.reduce((sum, count) => sum + count(), 0));
    },
  });
  metrics = {
    inputs: (outcome) => inputs.inc({ outcome }),
    catalogueRead: (kind) => catalogue.inc({ kind }),
    liveSockets: (count) => sockets.push(count),
  };
  made.set(registry, metrics);
  return metrics;
}
