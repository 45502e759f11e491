import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { committedEvents, createTestDatabase, startProductionTopology, type ProductionTopology } from '@mathdaily/testing';

/**
 * A deploy stops one command-api and the active projector with SIGTERM (as compose does) while
 * students keep starting sessions through the instances in turn, the way nginx spreads them: a
 * caller whose connection is refused or cut goes to the other instance with the same
 * Idempotency-Key. Nothing acknowledged is lost or recorded twice, nobody gets a 5xx, both stop
 * within the 10 s deadline with exit code 0, and the standby projector takes over at once because
 * the stopping one finished its batch and gave the lock back.
 */

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const STUDENTS = 6;
const LOAD_BEFORE_MS = 1_500;
const LOAD_AFTER_MS = 2_500;

let topology: ProductionTopology;
let databaseUrl: string;
let address = 0;

beforeAll(async () => {
  databaseUrl = await createTestDatabase('graceful_shutdown', { seeded: true });
  topology = await startProductionTopology({
    databaseUrl,
    jwtSecret: 'graceful-shutdown-secret-graceful-shutdown',
    demoAccounts: true,
    commandApis: 2,
    queryApis: 1,
    projectors: 2,
  });
}, 120_000);

afterAll(async () => {
  await topology?.stop();
});

/** A command sent to each instance in turn from `first` until one answers; connection failures are counted, not thrown. */
async function send(first: number, url: string, token: string, body: unknown, outcome: { connectionErrors: number }) {
  const key = randomUUID();
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const base = topology.commandUrls[(first + attempt) % topology.commandUrls.length]!;
    try {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key, 'x-forwarded-for': `198.51.100.${(address = (address % 250) + 1)}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { position?: string | null } };
    } catch {
      outcome.connectionErrors += 1;
    }
  }
  throw new Error(`no command-api answered ${url}:\n${topology.output()}`);
}

describe('stopping under load (SIGTERM)', () => {
  test('no acknowledged command is lost or doubled, no 5xx, every process exits 0 within the deadline, the standby takes over', async () => {
    const students: string[] = [];
    for (let index = 0; index < STUDENTS; index += 1) {
      const response = await fetch(`${topology.commandUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${index + 1}` },
        body: JSON.stringify({ email: `stop.${randomUUID().slice(0, 8)}@example.com`, password: 'Secret123!', firstName: 'Sam', lastName: 'Stop', gradeLevel: 5 }),
      });
      expect(response.status).toBe(201);
      students.push(((await response.json()) as { accessToken: string }).accessToken);
    }

    const outcome = { connectionErrors: 0, statuses: [] as number[], acknowledged: [] as { sessionId: string; position: bigint }[] };
    let loadEndsAt = Number.POSITIVE_INFINITY;
    const load = students.map(async (token, index) => {
      for (let turn = index; Date.now() < loadEndsAt && turn < index + 2_000; turn += 1) {
        const sessionId = randomUUID();
        const answer = await send(turn, '/api/learning/sessions', token, { session_id: sessionId }, outcome);
        outcome.statuses.push(answer.status);
        if (answer.status === 201) outcome.acknowledged.push({ sessionId, position: BigInt(answer.body.position!) });
      }
    });

    await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_MS));
    const leaving = [topology.processes.find((p) => p.name === 'command-api-1')!, topology.activeProjector()!];
    expect(leaving[1], topology.output()).toBeDefined();
    const stoppedAt = Date.now();
    const exits = await Promise.all(leaving.map((process) => process.terminate().then((exit) => ({ ...exit, after: Date.now() - stoppedAt }))));
    for (const exit of exits) {
      expect(exit, topology.output()).toMatchObject({ code: 0, signal: null });
      expect(exit.after).toBeLessThan(10_000);
    }
    loadEndsAt = Date.now() + LOAD_AFTER_MS;
    await Promise.all(load);

    expect(outcome.statuses.filter((status) => status >= 500), topology.output()).toEqual([]);
    expect(new Set(outcome.statuses)).toEqual(new Set([201]));
    expect(outcome.acknowledged.length).toBeGreaterThan(20);
    const started = (await committedEvents(databaseUrl)).filter((event) => event.type === 'PracticeSessionStarted').map((event) => (event.data as { sessionId: string }).sessionId);
    const acknowledged = outcome.acknowledged.map(({ sessionId }) => sessionId);
    expect(started.filter((id) => acknowledged.includes(id)).sort()).toEqual([...acknowledged].sort());

    // The standby holds the lock and has applied everything acknowledged, the last answers included.
    const standby = topology.processes.find((p) => p.kind === 'projector' && p !== leaving[1])!;
    expect(standby.output()).toContain('projector: running from position');
    const last = outcome.acknowledged.reduce((max, { position }) => (position > max ? position : max), 0n);
    const signIn = await fetch(`${topology.commandUrls[1]}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
    const adminToken = ((await signIn.json()) as { accessToken: string }).accessToken;
    await expect
      .poll(async () => {
        const response = await fetch(`${topology.queryUrl}/api/admin/events?type=PracticeSessionStarted&limit=1`, { headers: { authorization: `Bearer ${adminToken}`, 'x-min-position': last.toString() } });
        return `${response.status} ${response.headers.get('x-consistency') ?? 'fresh'}`;
      }, { timeout: 15_000 })
      .toBe('200 fresh');
    console.info(`graceful shutdown: ${outcome.acknowledged.length} commands acknowledged, ${outcome.connectionErrors} refused or cut connections retried elsewhere; exits after ${exits.map((exit) => exit.after).join(' and ')} ms`);
  }, 90_000);
});
