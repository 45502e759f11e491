// projector_capacity_events_per_s: how many events per second one projector applies on its live
// path (batches through the read models, as it follows students answering), not the replay's
// bulk rebuild. A generated practice history is stored behind a projector's checkpoint and the
// production projector service (projector/src/projector-service.ts) catches up with it.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startProjectorService } from '@mathdaily/projector';
import { copyHistory, createDatabase, generateHistory } from './replay.ts';

export interface ProjectorCapacityResult {
  events: number;
  /** AnswerSubmitted among them: the practice the backlog is made of. */
  answers: number;
  seconds: number;
  eventsPerSecond: number;
}

export async function measureProjectorCapacity(options: { adminUrl: string; folder: string; events: number; seed: number; log: (line: string) => void }): Promise<ProjectorCapacityResult> {
  const databaseUrl = await createDatabase(options.adminUrl, 'bench_projector_capacity');
  // The read models on an empty store: the backlog then lies behind their checkpoint, so the
  // projector follows it event batch by event batch instead of rebuilding.
  const empty = await startProjectorService({ databaseUrl, log: () => {} });
  await empty.stop();
  const file = path.join(options.folder, 'projector-backlog.copy');
  const history = await generateHistory(file, options.events, options.seed + 1);
  await copyHistory(databaseUrl, file, history.events);
  await rm(file, { force: true });
  options.log(`backlog: ${history.events} events (${history.types.AnswerSubmitted ?? 0} answers) behind the checkpoint`);

  const started = performance.now();
  // Resolves once the projector holds the lock and has caught up with every event stored at its start.
  const service = await startProjectorService({ databaseUrl, log: () => {} });
  const seconds = (performance.now() - started) / 1000;
  try {
    if (service.projector.checkpoint < BigInt(history.events)) throw new Error(`the projector stopped at ${service.projector.checkpoint} of ${history.events} events`);
  } finally {
    await service.stop();
  }
  return { events: history.events, answers: history.types.AnswerSubmitted ?? 0, seconds, eventsPerSecond: history.events / seconds };
}
