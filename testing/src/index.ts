export { createTestDatabase } from './database.ts';
export { committedEvents } from './committed-events.ts';
export { startApp, startTestApp, type AppOptions, type RunningApp } from './product.ts';
export { startPublicFormsTestApp, type PublicFormsTestApp } from './public-forms-app.ts';
export { contactEvent, Projector, problemsReadModel, projectorFixture, readModels, rebuildReadModels, seedProblemBank, type ProjectorFixture } from './projector.ts';
export { testServerUrl, TEST_WORKERS } from './workers.ts';
export { startProductionTopology, type ProductionTopology, type TopologyProcess } from './production.ts';
export { appendFractionProblem, HALF_AS_DECIMAL } from './sample-problem.ts';
export { startNginx, type RunningNginx } from './nginx.ts';
