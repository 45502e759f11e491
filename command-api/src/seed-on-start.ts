import type { CommandApiDeps } from './deps.ts';
import { seedDemoAccounts } from './auth/seed-demo-accounts.ts';
import { startProblemBankSeeding } from './problems/seed-problem-bank.ts';

/** Idempotent start-up seeding (problem bank, demo accounts): a restart appends nothing twice. */
export async function seedOnStart(deps: CommandApiDeps, log: (line: string) => void): Promise<void> {
  await seedDemoAccounts(deps, log);
  // Waits for the first problems of every template; the rest of the bank follows in the background.
  const bank = startProblemBankSeeding({ store: deps.store, clock: deps.clock, log });
  bank.done.catch((error: unknown) => log(`problem bank: seeding stopped (${error instanceof Error ? error.message : String(error)}); the next start completes it`));
  await bank.ready;
}
