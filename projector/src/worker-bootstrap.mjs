// Runs the projector worker from its TypeScript source (npm run dev, the tests): registers tsx in
// this thread first. The built launcher starts its bundled projector-worker.js directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
