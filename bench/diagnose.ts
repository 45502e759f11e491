// `npm run bench -- --diagnose`: where a load phase's time went, printed after the phase. CPU per
// process and thread from /proc (the product's main thread, its other threads — the projector's
// worker first among them —, PostgreSQL, the bench itself) and PostgreSQL's own account of its
// statements (pg_stat_statements, loaded into the bench's private server for this). docs/bench.md.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The server settings a diagnosed run starts PostgreSQL with. */
export const DIAGNOSE_SETTINGS = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' };

/** Nanoseconds on a CPU so far, per thread of a process (the first field of schedstat). */
function threadTimes(pid: number): Map<number, number> {
  const times = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return times; // gone
  }
  for (const tid of tids) {
    try {
      times.set(Number(tid), Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return times;
}

/** The postmaster and every process it started (backends, walwriter…). */
function postgresPids(clusterDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent's pid is the second field after the command name, which is in parentheses.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
  return [postmaster, ...children];
}

interface CpuSnapshot {
  at: number;
  product: Map<number, number>;
  postgres: Map<number, number>;
  bench: Map<number, number>;
}

const sum = (times: Iterable<number>) => [...times].reduce((total, time) => total + time, 0);
const since = (after: Map<number, number>, before: Map<number, number>) => new Map([...after].map(([id, time]) => [id, time - (before.get(id) ?? 0)]));

export class PhaseDiagnosis {
  private client: pg.Client | null = null;
  private before: CpuSnapshot | null = null;

  constructor(private readonly options: { databaseUrl: string; clusterDir: string; productPid: number }) {}

  private snapshot(): CpuSnapshot {
    const postgres = new Map<number, number>();
    for (const pid of postgresPids(this.options.clusterDir)) postgres.set(pid, sum(threadTimes(pid).values()));
    return { at: performance.now(), product: threadTimes(this.options.productPid), postgres, bench: threadTimes(process.pid) };
  }

  async begin(): Promise<void> {
    if (!this.client) {
      this.client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: 'bench-diagnosis' });
      await this.client.connect();
      await this.client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    }
    await this.client.query('SELECT pg_stat_statements_reset()');
    this.before = this.snapshot();
  }

  /** The phase's account, as lines to print. */
  async end(): Promise<string[]> {
    const before = this.before!;
    const after = this.snapshot();
    const seconds = (after.at - before.at) / 1000;
    const cores = (ns: number) => (ns / 1e9 / seconds).toFixed(2);
    const product = since(after.product, before.product);
    const mainThread = product.get(this.options.productPid) ?? 0;
    const others = [...product].filter(([tid]) => tid !== this.options.productPid).map(([, time]) => time);
    const postgres = sum(since(after.postgres, before.postgres).values());
    const bench = sum(since(after.bench, before.bench).values());
    const used = mainThread + sum(others) + postgres + bench;
    const lines = [
      `  cpu (cores of ${availableParallelism()}): product main thread ${cores(mainThread)}, product other threads ${cores(sum(others))} ` +
        `(busiest ${cores(Math.max(0, ...others))}: the projector's), PostgreSQL ${cores(postgres)}, bench ${cores(bench)}; ` +
        `everything else or idle ${cores(Math.max(0, availableParallelism() * seconds * 1e9 - used))}`,
    ];
    const { rows } = await this.client!.query<{ calls: string; exec: number; plan: number; share: number; query: string }>(`
      SELECT calls::text, total_exec_time / calls AS exec, total_plan_time / calls AS plan,
             100 * (total_exec_time + total_plan_time) / nullif(sum(total_exec_time + total_plan_time) OVER (), 0) AS share,
             left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
      FROM pg_stat_statements WHERE calls > 0 AND query NOT LIKE '%pg_stat_statements%'
      ORDER BY total_exec_time + total_plan_time DESC LIMIT 8`);
    lines.push('  statements by PostgreSQL time (pg_stat_statements): calls, ms per call running + planning, share, text');
    for (const row of rows) {
      lines.push(`    ${row.calls.padStart(6)}  ${row.exec.toFixed(3)} + ${row.plan.toFixed(3)} ms  ${row.share.toFixed(0).padStart(3)} %  ${row.query}`);
    }
    return lines;
  }

  async close(): Promise<void> {
    await this.client?.end().catch(() => {});
  }
}
