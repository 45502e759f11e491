export { commandApi } from './plugin.ts';
export type { CommandApiDeps } from './deps.ts';
export { seedOnStart } from './seed-on-start.ts';
