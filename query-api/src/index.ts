export { queryApi } from './plugin.ts';
export type { QueryApiDeps } from './deps.ts';
export { PositionWaiter } from './wait-for-position.ts';
