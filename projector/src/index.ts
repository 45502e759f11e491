export { Projector } from './projector.ts';
export { ProjectorThread, type ProjectorHandle } from './projector-thread.ts';
export { startProjectorService } from './projector-service.ts';
export { rebuildReadModels, ReplayStoppedError } from './rebuild.ts';
export { readModels } from './read-models/index.ts';
export { ACTIVE_SCHEMA } from './schema.ts';
