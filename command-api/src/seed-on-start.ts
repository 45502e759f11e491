import type { CommandApiDeps } from './deps.ts';
import { seedDemoAccounts } from './auth/seed-demo-accounts.ts';
import { seedProblemBank } from './problems/seed-problem-bank.ts';

/** Idempotent start-up seeding (problem bank, demo accounts): a restart appends nothing twice. */
export async function seedOnStart(deps: CommandApiDeps, log: (line: string) => void): Promise<void> {
  await seedDemoAccounts(deps, log);
  await seedProblemBank({ store: deps.store, clock: deps.clock, log });
}
