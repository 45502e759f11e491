// The embedded launcher's projector, on its own thread so the APIs' event loop never starves it
// (and it never starves them). Talks to ProjectorThread (projector-thread.ts) by messages.
import { parentPort, workerData } from 'node:worker_threads';
import { startProjectorService } from './projector-service.ts';
import type { ProjectorThreadCommand, ProjectorWorkerData, ProjectorWorkerMessage } from './projector-thread.ts';

const port = parentPort!;
const post = (message: ProjectorWorkerMessage) => port.postMessage(message);
const data = workerData as ProjectorWorkerData;

try {
  const service = await startProjectorService({
    databaseUrl: data.databaseUrl,
    eventStoreUrl: data.eventStoreUrl,
    log: (line) => post({ type: 'log', line }),
    // A batch only commits while this projector holds the single-projector lock.
    onCheckpoint: (position) => post({ type: 'checkpoint', position: position.toString(), active: true }),
  });
  post({ type: 'started', position: service.projector.checkpoint.toString(), active: service.projector.active });
  port.on('message', (message: ProjectorThreadCommand) => {
    if (message.type === 'mail') return service.projector.startMail(message.settings);
    if (message.type === 'metrics') return void service.metrics.metrics().then((text) => post({ type: 'metrics', id: message.id, text }));
    service.stop().then(
      () => post({ type: 'stopped' }),
      (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
