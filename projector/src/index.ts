export { Projector, type ProjectorOptions } from './projector.ts';
export { ProjectorThread, type ProjectorHandle } from './projector-thread.ts';
export { startProjectorService } from './projector-service.ts';
export { rebuildReadModels, ReplayStoppedError, type RebuildResult } from './rebuild.ts';
export { applyBatch } from './apply-batch.ts';
export { readModels } from './read-models/index.ts';
export type { ReadModel } from './read-model.ts';
export { ACTIVE_SCHEMA, CHECKPOINT_CHANNEL, fingerprintOf, schemaState } from './schema.ts';
