// A worker thread's entry for a TypeScript module (workerData.module): tsx's loader, which the
// bench runs under, does not carry over into worker threads.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
