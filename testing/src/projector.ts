// The projector for tests of the query side: read models are built by the real projector.
export { Projector, readModels, rebuildReadModels } from '@mathdaily/projector';
export { problems as problemsReadModel } from '@mathdaily/projector/read-models/problems';
export { contactEvent, projectorFixture, type ProjectorFixture } from '@mathdaily/projector/testing/projector-fixture';
export { seedProblemBank } from '@mathdaily/command-api/problems/seed-problem-bank';
