// The due-queue phase in a thread of its own, so the latencies it measures are not the bench's own
// garbage collection. By the load phases the bench's main heap holds ~70 MB (libraries, earlier
// results); V8 ran a mark-compact on it every 0.7–1 s during this phase (10–55 ms pauses,
// incremental steps of up to 22 ms), and every request in flight counted the pause as the
// product's latency. A thread's heap holds only its requests. (The closed-loop phases stay on the
// main thread: there a thread gave ~10 % fewer answers in 4 of 4 alternating pairs, for no gain.)
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createClient } from './http.ts';
import { runDueQueuePhase, type DueQueuePhaseResult, type Student } from './students.ts';

type StudentData = Omit<Student, 'client'>;
type Options = { seconds: number; rate: number };

/** `runDueQueuePhase` in a new thread, each student on a new keep-alive client from the same address. */
export function runDueQueueInThread(baseUrl: string, students: Student[], options: Options): Promise<DueQueuePhaseResult> {
  const data: StudentData[] = students.map(({ client: _client, ...rest }) => rest);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { module: import.meta.url, baseUrl, students: data, options } });
    let settled = false;
    worker.once('message', (reply: { result?: DueQueuePhaseResult; error?: string }) => {
      settled = true;
      if (reply.error) reject(new Error(reply.error));
      else resolve(reply.result!);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => settled || reject(new Error(`the due-queue thread ended (code ${code}) without a result`)));
  });
}

async function runInThisThread(baseUrl: string, data: StudentData[], options: Options): Promise<DueQueuePhaseResult> {
  const students: Student[] = data.map((student) => ({ ...student, client: createClient(baseUrl, student.address) }));
  try {
    // Open each student's connection before the clock starts, on a route that leaves the product's caches alone.
    await Promise.all(students.map((student) => student.client.request('GET', '/api/health', { discardBody: true })));
    // One untimed second at the same rate: this thread's code is cold, and the product rereads the
    // queue inputs of the learners who answered in the phase before.
    await runDueQueuePhase(students, { seconds: 1, rate: options.rate });
    return await runDueQueuePhase(students, options);
  } finally {
    students.forEach((student) => student.client.close());
  }
}

if (!isMainThread && parentPort) {
  const { baseUrl, students, options } = workerData as { baseUrl: string; students: StudentData[]; options: Options };
  runInThisThread(baseUrl, students, options).then(
    (result) => parentPort!.postMessage({ result }),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
