// Simulated students driving the running product over HTTP, the way the web app does.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { createClient, type Client, type Reply } from './http.ts';
import { percentiles, type Percentiles } from './stats.ts';

interface BankProblem {
  id: string;
  answer: string;
}

export interface Student {
  index: number;
  email: string;
  userId: string;
  token: string;
  grade: number;
  /** The loopback address the student sends from. */
  address: string;
  client: Client;
  bank: BankProblem[];
  cursor: number;
}

type StatusCounts = Record<string, number>;

interface AnswerableProblem {
  answer_options?: string[] | null;
  answer_form?: { kind: string; variables?: string[] };
}

/**
 * A guess written in the form the problem asks for, as a student who does not know the answer
 * would write it: the checker reads it (a wrong answer, or by luck a right one), so every
 * submit is a stored answer and never a 422 retry that records nothing.
 */
function answerFor(problem: AnswerableProblem): string {
  if (problem.answer_options?.length) return problem.answer_options[0]!;
  const variables = problem.answer_form?.variables?.length ? problem.answer_form.variables : ['x'];
  switch (problem.answer_form?.kind) {
    case 'equation_solution':
      return variables.map((name) => `${name} = 1`).join(', ');
    case 'point':
      return '(1, 1)';
    case 'inequality':
      return `${variables[0]} > 1`;
    case 'expression':
      return `${variables[0]} + 1`;
    case 'equation':
      return 'y = x + 1';
    case 'antiderivative':
      return 'x + C';
    case 'percent':
      return '10%';
    case 'ratio':
      return '1:2';
    case 'standard_form':
      return '1 × 10^3';
    case 'time':
      return '10:30';
    case 'text':
      return 'yes';
    default:
      return '1';
  }
}

function countStatus(counts: StatusCounts, status: number | string) {
  counts[String(status)] = (counts[String(status)] ?? 0) + 1;
}

function expectOk(reply: Reply, what: string): Reply {
  if (reply.status >= 200 && reply.status < 300) return reply;
  throw new Error(`${what}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
}

/**
 * Registers students through POST /api/auth/register, ten per loopback source address
 * (127.0.0.2, 127.0.0.3, …): the route allows 20 registrations per address per 10 minutes.
 */
/** Ten students per loopback address from 127.0.0.<firstAddress> on (registration's limit is per address). */
export async function registerStudents(baseUrl: string, count: number, firstAddress = 2): Promise<Student[]> {
  const runId = randomUUID().slice(0, 8);
  const students: Student[] = [];
  const banks = new Map<number, Promise<BankProblem[]>>();
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const address = `127.0.0.${firstAddress + Math.floor(index / 10)}`;
      const client = createClient(baseUrl, address);
      const grade = 1 + (index % 12);
      const email = `bench.${runId}.${index}@example.com`;
      const reply = expectOk(
        await client.request('POST', '/api/auth/register', {
          body: { email, password: 'Bench-Pass-2026!', firstName: 'Bench', lastName: 'Student', gradeLevel: grade },
        }),
        `register ${email}`,
      );
      const token = reply.body.accessToken as string;
      if (!banks.has(grade)) {
        // The grade's problems to answer in the command phase (up to 100; answered in sessions of 10).
        banks.set(
          grade,
          client.request('GET', `/api/problems?grade=${grade}&limit=100`, { token }).then((list) => {
            expectOk(list, `list grade ${grade} problems`);
            return (list.body.data.problems as ({ id: string } & AnswerableProblem)[]).map((p) => ({ id: p.id, answer: answerFor(p) }));
          }),
        );
      }
      const bank = await banks.get(grade)!;
      if (bank.length < 10) throw new Error(`grade ${grade} has only ${bank.length} problems in the bank`);
      students[index] = { index, email, userId: reply.body.user.id as string, token, grade, address, client, bank, cursor: index * 7 };
    }
  };
  await Promise.all(Array.from({ length: 5 }, worker));
  return students;
}

export interface CommandPhaseResult {
  seconds: number;
  answers: number;
  commandsPerSecond: number;
  /** Session starts and ends sent between answers (every 10 answers), not counted as answers. */
  sessionCommands: number;
  non2xx: StatusCounts;
  errors: number;
  answerMs: Percentiles;
}

/**
 * Closed loop: every student submits an answer, waits for it, submits the next. Problems come
 * from the student's grade list; a session holds 10 answers, then it is ended and a new one
 * started (a problem may be answered once per session).
 */
export async function runCommandPhase(students: Student[], seconds: number): Promise<CommandPhaseResult> {
  const non2xx: StatusCounts = {};
  let answers = 0;
  let sessionCommands = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    students.map(async (student) => {
      let sessionId: string | null = null;
      let inSession = 0;
      while (performance.now() < deadline) {
        try {
          if (!sessionId || inSession >= 10) {
            if (sessionId) {
              const end = await student.client.request('POST', `/api/learning/sessions/${sessionId}/end`, { token: student.token });
              sessionCommands += 1;
              if (end.status >= 300) countStatus(non2xx, `end ${end.status}`);
            }
            sessionId = randomUUID();
            inSession = 0;
            const start = await student.client.request('POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } });
            sessionCommands += 1;
            if (start.status >= 300) countStatus(non2xx, `start ${start.status}`);
            continue;
          }
          const problem = student.bank[student.cursor++ % student.bank.length]!;
          inSession += 1;
          const reply = await student.client.request('POST', '/api/learning/submit-answer', {
            token: student.token,
            body: { problem_id: problem.id, session_id: sessionId, user_answer: problem.answer, response_time_ms: 4000 },
          });
          if (reply.status >= 200 && reply.status < 300) {
            answers += 1;
            latencies.push(reply.ms);
          } else countStatus(non2xx, reply.status);
        } catch {
          errors += 1;
        }
      }
      if (sessionId) await student.client.request('POST', `/api/learning/sessions/${sessionId}/end`, { token: student.token }).catch(() => {});
    }),
  );
  // Answers that started before the deadline finish after it: divide by the time they took.
  const elapsed = (performance.now() - started) / 1000;
  return { seconds: elapsed, answers, commandsPerSecond: answers / elapsed, sessionCommands, non2xx, errors, answerMs: percentiles(latencies) };
}

export interface ReadYourWritePhaseResult {
  seconds: number;
  answers: number;
  answersPerSecond: number;
  reads: number;
  readMs: Percentiles;
  /** The answers before those reads: in the closed loop a cycle is an answer and a read. */
  answerMs: Percentiles;
  /** Answered with x-consistency: stale. */
  staleHeader: number;
  /** A 200 without the stale header that still offered the answered problem as new. */
  staleData: number;
  /** Reads that were stale either way (each read counted once). */
  staleReads: number;
  /** Students whose new session's queue came back empty ("all caught up"): they stopped, as the web app does. */
  caughtUp: number;
  non2xx: StatusCounts;
  errors: number;
}

interface DueProblem extends AnswerableProblem {
  id: string;
  kind: 'review' | 'new';
}

/**
 * The practice loop as the web app runs it: answer, then at once read the queue with
 * x-min-position = the answer's position, and answer the next problem from that queue; when
 * every problem in it was answered in this session, end the session and start another.
 * Without `answersPerSecond` every student answers again as soon as the read is back (a closed
 * loop that keeps both cores busy); with it each student answers on a fixed beat, the students'
 * beats spread evenly over the period, and a cycle that overran its beat starts at once.
 */
export async function runReadYourWritePhase(students: Student[], seconds: number, options: { answersPerSecond?: number } = {}): Promise<ReadYourWritePhaseResult> {
  const non2xx: StatusCounts = {};
  const latencies: number[] = [];
  const answerLatencies: number[] = [];
  let answers = 0;
  let staleHeader = 0;
  let staleData = 0;
  let staleReads = 0;
  let caughtUp = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const readQueue = async (student: Student, position: string | null) => {
    const reply = await student.client.request('GET', `/api/learning/due-problems/${student.userId}`, {
      token: student.token,
      headers: position ? { 'x-min-position': position } : {},
    });
    return reply;
  };
  const beatMs = options.answersPerSecond ? (1000 * students.length) / options.answersPerSecond : 0;
  await Promise.all(
    students.map(async (student, index) => {
      let sessionId: string | null = null;
      let answered = new Set<string>();
      let queue: DueProblem[] = [];
      let nextBeat = started + (beatMs * index) / students.length;
      while (performance.now() < deadline) {
        if (beatMs > 0) {
          const wait = nextBeat - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          nextBeat = Math.max(nextBeat + beatMs, performance.now());
          if (performance.now() >= deadline) break;
        }
        try {
          let next = queue.find((problem) => !answered.has(problem.id));
          if (!sessionId || !next) {
            if (sessionId) await student.client.request('POST', `/api/learning/sessions/${sessionId}/end`, { token: student.token });
            sessionId = randomUUID();
            answered = new Set();
            const start = await student.client.request('POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } });
            if (start.status >= 300) countStatus(non2xx, `start ${start.status}`);
            const first = await readQueue(student, start.body?.position ?? null);
            if (first.status !== 200) {
              countStatus(non2xx, `due ${first.status}`);
              continue;
            }
            queue = first.body.data.problems as DueProblem[];
            next = queue.find((problem) => !answered.has(problem.id));
            if (!next) {
              // Every problem of the grade answered and none due: the web app says "all caught up"
              // and the student stops. Ending and starting sessions on an empty queue instead
              // loaded the product with requests no student sends (stop 21: 354 in 8 s).
              caughtUp += 1;
              break;
            }
          }
          answered.add(next.id);
          const reply = await student.client.request('POST', '/api/learning/submit-answer', {
            token: student.token,
            body: { problem_id: next.id, session_id: sessionId, user_answer: answerFor(next), response_time_ms: 4000 },
          });
          if (reply.status < 200 || reply.status >= 300) {
            countStatus(non2xx, `answer ${reply.status}`);
            continue;
          }
          answers += 1;
          answerLatencies.push(reply.ms);
          const read = await readQueue(student, String(reply.body.position));
          if (read.status !== 200) {
            countStatus(non2xx, `due ${read.status}`);
            continue;
          }
          latencies.push(read.ms);
          queue = read.body.data.problems as DueProblem[];
          const headerStale = read.headers['x-consistency'] === 'stale';
          const dataStale = queue.some((problem) => problem.id === next!.id && problem.kind === 'new');
          if (headerStale) staleHeader += 1;
          if (dataStale && !headerStale) staleData += 1;
          if (headerStale || dataStale) staleReads += 1;
        } catch {
          errors += 1;
        }
      }
      if (sessionId) await student.client.request('POST', `/api/learning/sessions/${sessionId}/end`, { token: student.token }).catch(() => {});
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    seconds: elapsed,
    answers,
    answersPerSecond: answers / elapsed,
    reads: latencies.length,
    readMs: percentiles(latencies),
    answerMs: percentiles(answerLatencies),
    staleHeader,
    staleData,
    staleReads,
    caughtUp,
    non2xx,
    errors,
  };
}

export interface DueQueuePhaseResult {
  seconds: number;
  targetRate: number;
  achievedRate: number;
  requests: number;
  latencyMs: Percentiles;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * GET /api/learning/due-problems at an even, fixed rate (open loop): request i is due at
 * start + i / rate, whatever the answers before it did, and its latency counts from that moment,
 * so time a request waits to be sent counts too (no coordinated omission). Rotates over the
 * students, each through its own keep-alive client.
 *
 * autocannon's `overallRate` is not an even rate: each connection sends its share of a second
 * back to back when the second starts, then idles (httpClient.js `reqsMadeThisSecond`). At
 * 1,000 req/s over 50 connections the product sees a burst of 50 concurrent requests at the start
 * of each second; that figure is kept beside this one (`runDueQueueBurstPhase`).
 */
export async function runDueQueuePhase(students: Student[], options: { seconds: number; rate: number }): Promise<DueQueuePhaseResult> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  const end = start + options.seconds * 1000;
  const intervalMs = 1000 / options.rate;
  const send = (index: number) => {
    const scheduled = start + index * intervalMs;
    const student = students[index % students.length]!;
    const request = student.client
      .request('GET', `/api/learning/due-problems/${student.userId}`, { token: student.token, discardBody: true })
      .then(
        (reply) => {
          if (reply.status >= 200 && reply.status < 300) latencies.push(performance.now() - scheduled);
        },
        () => void (errors += 1),
      )
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  for (let now = performance.now(); now < end; now = performance.now()) {
    const due = Math.min(Math.floor((now - start) / intervalMs) + 1, Math.ceil(options.seconds * options.rate));
    while (sent < due) send(sent++);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + sent * intervalMs - performance.now())));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  const ok = latencies.length;
  return {
    seconds,
    targetRate: options.rate,
    // Answers that arrive after the phase count over the time they took: an overloaded product shows a lower rate.
    achievedRate: ok / seconds,
    requests: sent,
    latencyMs: percentiles(latencies),
    non2xx: sent - ok - errors,
    errors,
    timeouts: 0,
  };
}

/** autocannon at a fixed overall rate against GET /api/learning/due-problems, rotating over the students' tokens (per-second bursts, see above). */
export async function runDueQueueBurstPhase(baseUrl: string, students: Student[], options: { seconds: number; rate: number; connections: number }): Promise<DueQueuePhaseResult> {
  let turn = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    overallRate: options.rate,
    duration: options.seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const student = students[turn++ % students.length]!;
          return { ...request, path: `/api/learning/due-problems/${student.userId}`, headers: { ...request.headers, authorization: `Bearer ${student.token}` } };
        },
      },
    ],
  });
  return {
    seconds: result.duration,
    targetRate: options.rate,
    achievedRate: result['2xx'] / result.duration,
    requests: result.requests.total,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, count: result.requests.total },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
