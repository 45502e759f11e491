import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { createTestDatabase, startProductionTopology, withSeededBank, type ProductionTopology } from '@mathdaily/testing';
import { startEventStoreDbTestServer, type EventStoreDbTestServer } from '@mathdaily/testing/eventstoredb-server';
import { runCliWith } from './cli/collect-output.ts';
import { runExportCli } from './cli/export-events.ts';
import { runWhatIfCli } from './cli/what-if.ts';

/**
 * The production topology as separate processes: 2 command-apis, 2 query-apis and 2 projectors
 * (one active, one standing by; the active one is also the mailer), on PostgreSQL's event store
 * and on EventStoreDB (the gRPC test server, testing/src/eventstoredb-server; a real one with
 * EVENTSTORE_URL). Every request goes to another instance than the one before: what one instance
 * acknowledged counts at every other. A student practises, their tutor watches live, an admin
 * changes a role and searches the audit log, an analyst exports and replays the history, and
 * the active projector is killed with -9 while students answer: nothing acknowledged is lost.
 */

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;

describe.each(['PostgreSQL', 'EventStoreDB'] as const)('production topology on %s', (store) => {
  let topology: ProductionTopology;
  let eventStore: EventStoreDbTestServer | undefined;
  let eventStoreUrl: string | undefined;
  let databaseUrl: string;
  let address = 0;
  let turn = 0;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase(`production_${store.toLowerCase()}`, { seeded: store === 'PostgreSQL' });
    if (store === 'EventStoreDB') {
      eventStoreUrl = process.env.EVENTSTORE_URL;
      if (!eventStoreUrl) {
        eventStore = await withSeededBank(await startEventStoreDbTestServer());
        eventStoreUrl = eventStore.url;
      }
    }
    topology = await startProductionTopology({
      databaseUrl,
      ...(eventStoreUrl ? { eventStoreUrl } : {}),
      jwtSecret: 'production-topology-secret-production-topology',
      demoAccounts: true,
      commandApis: 2,
      // Four on PostgreSQL, where the connection budget is checked.
      queryApis: store === 'PostgreSQL' ? 4 : 2,
      projectors: 2,
      timeoutMs: 170_000,
    });
  }, 180_000);

  afterAll(async () => {
    await topology?.stop();
    await eventStore?.close();
  });

  /** The next command-api or query-api, round robin: consecutive calls land on different instances. */
  const next = (urls: string[]) => urls[turn++ % urls.length]!;
  const command = () => next(topology.commandUrls);
  const query = () => next(topology.queryUrls);
  let lastPosition = '0';

  async function call(base: string, method: string, url: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(method === 'GET' ? { 'x-min-position': lastPosition } : {}),
        // Each call from its own address, so the per-address limits never interfere.
        'x-forwarded-for': `198.51.100.${(address = (address % 250) + 1)}`,
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const body = (await response.json().catch(() => null)) as Record<string, any> | null;
    if (method !== 'GET' && typeof body?.position === 'string' && BigInt(body.position) > BigInt(lastPosition)) lastPosition = body.position;
    return { status: response.status, body, headers: response.headers };
  }

  const signIn = async (email: string, password: string) => {
    const answer = await call(command(), 'POST', '/api/auth/login', { body: { email, password } });
    expect(answer.status, topology.output()).toBe(200);
    return { token: answer.body!.accessToken as string, refreshToken: answer.body!.refreshToken as string, userId: answer.body!.user.id as string };
  };
  const register = async (fields: Record<string, unknown> = {}) => {
    const email = `prod.${randomUUID().slice(0, 8)}@example.com`;
    const answer = await call(command(), 'POST', '/api/auth/register', { body: { email, password: 'Secret123!', firstName: 'Pat', lastName: 'Production', gradeLevel: 6, ...fields } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { email, token: answer.body!.accessToken as string, refreshToken: answer.body!.refreshToken as string, userId: answer.body!.user.id as string };
  };
  let adminToken = '';
  /** A new tutor (registered, then made a tutor by the admin) with a referral code, signed in after the change. */
  const newTutor = async () => {
    const person = await register();
    expect((await call(command(), 'PUT', '/api/admin/users/role', { token: adminToken, body: { userId: person.userId, role: 'tutor' } })).status).toBe(200);
    const tutor = await signIn(person.email, 'Secret123!');
    const code = (await call(command(), 'POST', '/api/tutors/referral-codes', { token: tutor.token, body: {} })).body!.code as string;
    return { ...tutor, code };
  };
  /** One answer to the first problem of the student's queue; the position it was acknowledged at, or null. */
  const answerOne = async (student: { token: string; userId: string }, sessionId: string) => {
    const queue = await call(query(), 'GET', `/api/learning/due-problems/${student.userId}`, { token: student.token });
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    const problem = queue.body!.data.problems[0] as { id: string; answer_options: string[] | null } | undefined;
    if (!problem) return null;
    const answered = await call(command(), 'POST', '/api/learning/submit-answer', {
      token: student.token,
      body: { problem_id: problem.id, session_id: sessionId, user_answer: problem.answer_options?.[0] ?? '1', response_time_ms: 4_000 },
    });
    return answered.status === 201 ? (answered.body!.position as string) : null;
  };

  /** Answers of the student the read models hold (the audit log, projected with the rest). */
  const projectedAnswers = async (studentId: string) =>
    ((await call(query(), 'GET', `/api/admin/events?type=AnswerSubmitted&actor=${studentId}&limit=100`, { token: adminToken })).body?.data.events as unknown[] | undefined)?.length;

  beforeAll(async () => {
    adminToken = (await signIn(admin.email, admin.password)).token;
    // On an empty store the command-apis seed the problem bank at start: practise once it is projected.
    const deadline = Date.now() + 170_000;
    // Until then a query-api may refuse the read (its read models not there yet): wait, do not fail.
    while ((await call(query(), 'GET', '/api/admin/events?type=ProblemBankSeeded&limit=1', { token: adminToken })).body?.data?.events.length !== 1) {
      if (Date.now() > deadline) throw new Error(`the problem bank was not seeded and projected in time:\n${topology.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }, 180_000);

  test('a sign-in counts everywhere at once; a role change and a sign-out count on the next request to any instance', async () => {
    const person = await register();
    // A student's valid token is recognised by every query-api (403, not 401) without waiting for any projection.
    for (const base of topology.queryUrls) expect((await call(base, 'GET', '/api/tutors/dashboard', { token: person.token })).status).toBe(403);
    expect((await call(command(), 'PUT', '/api/admin/users/role', { token: adminToken, body: { userId: person.userId, role: 'tutor' } })).status).toBe(200);
    for (const base of topology.queryUrls) expect((await call(base, 'GET', '/api/tutors/dashboard', { token: person.token })).status).not.toBe(403);
    expect((await call(command(), 'POST', '/api/auth/logout', { body: { refreshToken: person.refreshToken } })).status).toBeLessThan(300);
    for (const base of topology.queryUrls) expect((await call(base, 'GET', '/api/tutors/dashboard', { token: person.token })).status).toBe(401);
  });

  test('a command sent after a sign-out acknowledged by another instance is refused, and nothing is appended', async () => {
    const student = await register();
    const sessionId = randomUUID();
    expect((await call(topology.commandUrls[0]!, 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } })).status).toBe(201);
    // Instance 2 has the principal in its cache (a practice command confirms it on append).
    expect((await call(topology.commandUrls[1]!, 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: randomUUID() } })).status).toBe(201);
    expect((await call(topology.commandUrls[0]!, 'POST', '/api/auth/logout', { body: { refreshToken: student.refreshToken } })).status).toBeLessThan(300);
    const refused = await call(topology.commandUrls[1]!, 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: randomUUID() } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(401);
    const progress = await call(topology.queryUrls[1]!, 'GET', `/api/admin/events?stream=practice-${student.userId}`, { token: adminToken });
    expect(progress.body!.data.events.map((event: { type: string }) => event.type)).toEqual(['PracticeSessionStarted', 'PracticeSessionStarted']);
  });

  test('the active projector sends the e-mail a registration requests', async () => {
    const person = await register();
    const mailbox = async () => (await call(query(), 'GET', `/api/dev/mailbox?to=${encodeURIComponent(person.email)}`, { token: adminToken })).body;
    await expect.poll(async () => ((await mailbox())?.messages as unknown[] | undefined)?.length, { timeout: 20_000 }).toBe(1);
    const [message] = (await mailbox())!.messages as { id: string; text: string }[];
    // PUBLIC_URL's production default: where the router serves the app.
    expect(message!.text).toContain('http://localhost:8080/verify-email?token=');
    // The log names the message and the account, never the address (docs/personal-data.md).
    expect(topology.activeProjector()?.output()).toContain(`mail: email-verification ${message!.id} for ${person.userId} (dev-mailbox)`);
    expect(topology.activeProjector()?.output()).not.toContain(person.email);
  });

  test("a student practises across instances while their tutor watches live on another; the tutor demoted, their sockets close on every instance", async () => {
    const tutor = await newTutor();
    const student = await register({ referralCode: tutor.code });
    expect((await call(command(), 'PUT', `/api/tutors/students/${student.userId}`, { token: tutor.token, body: { relationship_status: 'active' } })).status).toBe(200);
    const sockets = topology.queryUrls.map((base) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, { headers: { 'x-forwarded-for': '198.51.100.250' } });
      const messages: { type: string; items?: { type: string; student_id: string }[] }[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: tutor.token })));
      const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
      return { socket, messages, closed };
    });
    for (const live of sockets) await expect.poll(() => live.messages.some((message) => message.type === 'ready'), { timeout: 10_000 }).toBe(true);

    const sessionId = randomUUID();
    expect((await call(command(), 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } })).status).toBe(201);
    const answered: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const position = await answerOne(student, sessionId);
      if (position) answered.push(position);
      // Read on another query-api right after the answer: it includes it.
      const events = await call(query(), 'GET', `/api/admin/events?type=AnswerSubmitted&actor=${student.userId}`, { token: adminToken });
      expect(events.headers.get('x-consistency')).toBeNull();
      expect(events.body!.data.events).toHaveLength(answered.length);
    }
    expect(answered.length).toBe(3);
    for (const live of sockets) {
      await expect.poll(() => live.messages.flatMap((message) => message.items ?? []).some((item) => item.type === 'answered' && item.student_id === student.userId), { timeout: 5_000 }).toBe(true);
    }
    const demoted = Date.now();
    expect((await call(command(), 'PUT', '/api/admin/users/role', { token: adminToken, body: { userId: tutor.userId, role: 'student' } })).status).toBe(200);
    for (const live of sockets) expect(await live.closed).toEqual({ code: 4403 });
    expect(Date.now() - demoted).toBeLessThan(1_500);
  });

  test('an avatar uploaded through one command-api is served by every query-api (uploads live in PostgreSQL)', async () => {
    const tutor = await newTutor();
    const onePixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const uploaded = await call(command(), 'POST', '/api/auth/profile/avatar', { token: tutor.token, body: { file: onePixel, originalName: 'me.png', mimeType: 'image/png' } });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    for (const base of topology.queryUrls) {
      const served = await fetch(`${base}${uploaded.body!.profileImageUrl as string}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
    }
  });

  test("an admin's role change is in the audit log on the other instance, found by its request id", async () => {
    const person = await register();
    const changed = await call(topology.commandUrls[0]!, 'PUT', '/api/admin/users/role', { token: adminToken, body: { userId: person.userId, role: 'parent' }, headers: { 'x-request-id': 'admin-ticket-42' } });
    expect(changed.status).toBe(200);
    const correlation = changed.headers.get('x-request-id')!;
    const audit = await call(topology.queryUrls[1]!, 'GET', `/api/admin/events?correlation=${correlation}`, { token: adminToken });
    expect(audit.body!.data.events).toEqual([
      expect.objectContaining({ type: 'UserRoleChanged', streamId: `user-${person.userId}`, metadata: expect.objectContaining({ correlationId: correlation, clientRequestId: 'admin-ticket-42' }) }),
    ]);
  });

  test('an analyst exports a student’s answers and replays the history under another configuration', async () => {
    const student = await register();
    const sessionId = randomUUID();
    expect((await call(command(), 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } })).status).toBe(201);
    let answered = 0;
    for (let n = 0; n < 4; n += 1) if (await answerOne(student, sessionId)) answered += 1;
    const dir = await mkdtemp(path.join(tmpdir(), 'analyst-'));
    const config = path.join(dir, 'what-if.json');
    await writeFile(config, JSON.stringify({ fsrs: { requestRetention: 0.8 } }));
    // The commands as `npm run export-events` and `npm run what-if` run them, with the operator's settings.
    const run = (cli: typeof runExportCli, args: string[]) => runCliWith(cli, args, { DATABASE_URL: databaseUrl, EVENTSTORE_URL: eventStoreUrl ?? '' });
    const exported = await run(runExportCli, ['--type', 'AnswerSubmitted,HintOpened', '--actor', student.email]);
    expect(exported.code, exported.stderr).toBe(0);
    const lines = exported.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; metadata: { actorId: string } });
    expect(lines.filter((line) => line.type === 'AnswerSubmitted')).toHaveLength(answered);
    expect(lines.every((line) => line.metadata.actorId === student.userId)).toBe(true);
    const whatIf = await run(runWhatIfCli, ['--config', config, '--schema', 'what_if_production']);
    expect(whatIf.code, whatIf.stderr).toBe(0);
    // Every answer in the store, replayed under both configurations.
    const replayed = Number(/answers\s+(\d+)\s+\1\n/.exec(whatIf.stdout)?.[1]);
    expect(replayed, whatIf.stdout).toBeGreaterThanOrEqual(answered);
  });

  test.runIf(store === 'EventStoreDB' && !process.env.EVENTSTORE_URL)('EventStoreDB lost and back (the test server restarted): every service carries on without a restart', async () => {
    const student = await register();
    const readiness = async () =>
      Promise.all(topology.processes.map(async (process) => [process.name, (await fetch(`${process.url}/health/ready`)).status] as const));
    expect(new Set((await readiness()).map(([, status]) => status))).toEqual(new Set([200]));
    await eventStore!.stop();
    try {
      // While it is away, commands are refused as unavailable (503, try again), never as a fault of ours,
      // and no service says it is ready.
      const away = await call(command(), 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: randomUUID() } });
      expect(away).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
      for (const [name, status] of await readiness()) expect(status, name).toBe(503);
    } finally {
      await eventStore!.restart();
    }
    // Ready again by themselves, without a restart.
    await expect.poll(async () => (await readiness()).every(([, status]) => status === 200), { timeout: 20_000 }).toBe(true);
    const sessionId = randomUUID();
    await expect.poll(async () => (await call(command(), 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } })).status, { timeout: 20_000 }).toBe(201);
    expect(await answerOne(student, sessionId)).not.toBeNull();
    await expect.poll(() => projectedAnswers(student.userId), { timeout: 20_000 }).toBe(1);
  });

  test('every service serves its metrics: requests by route, events appended by type, the due-queue cache, live sockets, the projector\'s batches and lag, pools and the process', async () => {
    const student = await register();
    const sessionId = randomUUID();
    expect((await call(command(), 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } })).status).toBe(201);
    await answerOne(student, sessionId);
    await call(query(), 'GET', `/api/learning/due-problems/${student.userId}`, { token: student.token });
    const scrape = async (url: string) => {
      const response = await fetch(`${url}/metrics`);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      return response.text();
    };
    /** The sum of a metric's samples whose labels include these (in any order), or null when it has none. */
    const value = (text: string, name: string, labels: Record<string, string> = {}): number | null => {
      let total: number | null = null;
      for (const line of text.split('\n')) {
        const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
        if (!match || match[1] !== name) continue;
        const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, val]) => [key, val]));
        if (Object.entries(labels).every(([key, val]) => found[key] === val)) total = (total ?? 0) + Number(match[3]);
      }
      return total;
    };
    const of = (kind: string) => topology.processes.filter((process) => process.kind === kind);
    const commands = (await Promise.all(of('command-api').map((process) => scrape(process.url)))).join('\n');
    expect(value(commands, 'mathdaily_events_appended_total', { type: 'AnswerSubmitted', service: 'command-api' })).toBeGreaterThanOrEqual(1);
    expect(value(commands, 'mathdaily_http_request_duration_seconds_count', { method: 'POST', route: '/api/learning/sessions', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(value(commands, 'mathdaily_pool_connections_used', { pool: 'command-runtime' })).not.toBeNull();
    expect(value(commands, 'process_resident_memory_bytes', { service: 'command-api' })).toBeGreaterThan(0);
    const queries = (await Promise.all(of('query-api').map((process) => scrape(process.url)))).join('\n');
    expect(value(queries, 'mathdaily_due_queue_inputs_total', { service: 'query-api' })).toBeGreaterThanOrEqual(1);
    expect(value(queries, 'mathdaily_http_request_duration_seconds_count', { route: '/api/learning/due-problems/:userId', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(value(queries, 'mathdaily_live_sockets')).not.toBeNull();
    expect(value(queries, 'mathdaily_pool_waiting', { pool: 'query-prepared' })).not.toBeNull();
    const active = await scrape(topology.activeProjector()!.url);
    expect(value(active, 'mathdaily_projector_active')).toBe(1);
    expect(value(active, 'mathdaily_projector_batches_total')).toBeGreaterThanOrEqual(1);
    expect(value(active, 'mathdaily_projector_batch_events_bucket', { le: '500' })).toBeGreaterThanOrEqual(1);
    expect(value(active, 'mathdaily_projector_lag_events')).not.toBeNull();
    expect(value(active, 'mathdaily_projector_lag_seconds')).not.toBeNull();
    expect(value(active, 'mathdaily_pool_connections_used', { pool: 'projector-read-models' })).not.toBeNull();
    const standby = of('projector').find((process) => process !== topology.activeProjector() && !process.exited);
    if (standby) expect(value(await scrape(standby.url), 'mathdaily_projector_active')).toBe(0);
  });

  test.runIf(store === 'PostgreSQL')('4 query-apis, 2 command-apis and 2 projectors under load stay within the connection budget: at most 72, under 80', async () => {
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await probe.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()",
        );
        peak = Math.max(peak, rows[0]!.n);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    try {
      const students = await Promise.all(Array.from({ length: 8 }, () => register()));
      await Promise.all(
        students.map(async (student) => {
          const sessionId = randomUUID();
          expect((await call(command(), 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } })).status).toBe(201);
          for (let n = 0; n < 4; n += 1) {
            await Promise.all([
              answerOne(student, sessionId),
              ...topology.queryUrls.map((base) => call(base, 'GET', `/api/learning/due-problems/${student.userId}`, { token: student.token })),
              call(query(), 'GET', '/api/admin/events?limit=20', { token: adminToken }),
            ]);
          }
        }),
      );
    } finally {
      sampling = false;
      await sampler;
      await probe.end();
    }
    console.info(`connection budget: at most ${peak} PostgreSQL connections open at once`);
    // DATABASE_CONNECTIONS' defaults: 4 × 10 + 2 × 8 + 2 × 8.
    expect(peak).toBeGreaterThan(8);
    expect(peak).toBeLessThanOrEqual(72);
  });

  test('kill -9 of the active projector while students answer: the standby takes over and every acknowledged answer is projected', async () => {
    const students = await Promise.all([register(), register(), register()]);
    const acknowledged = new Map(students.map((student) => [student.userId, 0]));
    const active = topology.activeProjector()!;
    expect(active).toBeDefined();
    await Promise.all(
      students.map(async (student, index) => {
        const sessionId = randomUUID();
        expect((await call(command(), 'POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } })).status).toBe(201);
        for (let n = 0; n < 8; n += 1) {
          if (index === 0 && n === 3) await active.kill9();
          if (await answerOne(student, sessionId)) acknowledged.set(student.userId, acknowledged.get(student.userId)! + 1);
        }
      }),
    );
    expect(active.exited).toBe(true);
    await expect.poll(() => topology.activeProjector(), { timeout: 15_000 }).not.toBeUndefined();
    expect(topology.activeProjector()).not.toBe(active);
    for (const student of students) await expect.poll(() => projectedAnswers(student.userId), { timeout: 30_000 }).toBe(acknowledged.get(student.userId));
    expect([...acknowledged.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(12);
  });
});
