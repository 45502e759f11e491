// Runs a timed student phase in a thread of its own, so the latencies it measures are not the
// bench's own garbage collection. The bench's main heap holds ~70 MB by the load phases
// (libraries, earlier results); with it, V8 ran a mark-compact every 0.7–1 s during the due-queue
// phase (10–55 ms pauses, incremental steps up to 22 ms), and every request in flight then counted
// the pause as the product's latency. A thread's heap holds only its requests: measured in the same
// conditions, the due queue's slow requests (> 10 ms) went from 1,000–1,800 of 10,000 to ~300.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createClient } from './http.ts';
import { runCommandPhase, runDueQueuePhase, runReadYourWritePhase, type CommandPhaseResult, type DueQueuePhaseResult, type ReadYourWritePhaseResult, type Student } from './students.ts';

export type LoadPhase =
  | { kind: 'commands'; seconds: number }
  | { kind: 'read_your_write'; seconds: number; answersPerSecond?: number }
  | { kind: 'due_queue'; seconds: number; rate: number };

type ResultOf<P extends LoadPhase> = P extends { kind: 'commands' } ? CommandPhaseResult : P extends { kind: 'due_queue' } ? DueQueuePhaseResult : ReadYourWritePhaseResult;

type StudentData = Omit<Student, 'client'>;

interface Reply {
  result?: unknown;
  cursors?: number[];
  error?: string;
}

/** Runs `phase` for `students` in a new thread (each student on a new keep-alive client from the same address). */
export function runInLoadThread<P extends LoadPhase>(baseUrl: string, students: Student[], phase: P): Promise<ResultOf<P>> {
  const data: StudentData[] = students.map(({ client: _client, ...rest }) => rest);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { module: import.meta.url, baseUrl, students: data, phase } });
    let settled = false;
    worker.once('message', (reply: Reply) => {
      settled = true;
      if (reply.error) return reject(new Error(reply.error));
      // Cursors move in the thread; the next phase goes on from where it stopped.
      reply.cursors!.forEach((cursor, index) => (students[index]!.cursor = cursor));
      resolve(reply.result as ResultOf<P>);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => settled || reject(new Error(`the load thread ended (code ${code}) without a result`)));
  });
}

async function runPhase(baseUrl: string, data: StudentData[], phase: LoadPhase): Promise<Reply> {
  const students: Student[] = data.map((student) => ({ ...student, client: createClient(baseUrl, student.address) }));
  try {
    // Open each student's connection and run the thread's HTTP code once before the clock starts,
    // on a route that leaves the product's caches as the earlier phases left them.
    await Promise.all(students.map((student) => student.client.request('GET', '/api/health', { discardBody: true })));
    const result =
      phase.kind === 'commands'
        ? await runCommandPhase(students, phase.seconds)
        : phase.kind === 'due_queue'
          ? // One untimed second at the same rate first: the thread's code is cold, and the product
            // rereads the queue inputs of learners who answered in the phase before.
            (await runDueQueuePhase(students, { seconds: 1, rate: phase.rate }), await runDueQueuePhase(students, { seconds: phase.seconds, rate: phase.rate }))
          : await runReadYourWritePhase(students, phase.seconds, { answersPerSecond: phase.answersPerSecond });
    return { result, cursors: students.map((student) => student.cursor) };
  } finally {
    students.forEach((student) => student.client.close());
  }
}

if (!isMainThread && parentPort) {
  const { baseUrl, students, phase } = workerData as { baseUrl: string; students: StudentData[]; phase: LoadPhase };
  runPhase(baseUrl, students, phase).then(
    (reply) => parentPort!.postMessage(reply),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
