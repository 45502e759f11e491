export { commandApi } from './plugin.ts';
export type { CommandApiDeps, CommandApiConfig } from './deps.ts';
export { handleCommand, appendNew } from './pipeline/handle-command.ts';
export { seedOnStart } from './seed-on-start.ts';
