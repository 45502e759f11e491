export { queryApi } from './plugin.ts';
export type { QueryApiDeps } from './deps.ts';
export { createPreparedQueries } from './prepared-queries.ts';
export { PositionWaiter } from './wait-for-position.ts';
export { childrenOfParent } from './families/family-access.ts';
