import { DEMO_ACCOUNTS, DomainError, userStreamId } from '@mathdaily/domain';
import type { CommandApiDeps } from '../deps.ts';
import { registerAccount } from './registration-process.ts';
import { userIdForEmail } from './user-records.ts';

/**
 * Seeds the four test accounts (verified, with the shared sample password) when demo accounts
 * are on. Idempotent: an address that already has an account is left alone, so a restart (or a
 * second process starting at the same time) appends nothing twice.
 */
export async function seedDemoAccounts(deps: CommandApiDeps, log: (line: string) => void): Promise<void> {
  if (!deps.config.demoAccounts) return;
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const existing = await userIdForEmail(deps.store, account.email);
    if (existing && (await deps.store.readStream(userStreamId(existing))).exists) continue;
    try {
      await registerAccount(
        deps,
        { actorId: null, correlationId: 'seed-demo-accounts', causationId: 'seed-demo-accounts', at: deps.clock() },
        { ...account, source: 'demo-seed', preVerified: true, signIn: false },
      );
      created += 1;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
    }
  }
  if (created > 0) log(`demo accounts: created ${created} (password ${DEMO_ACCOUNTS[0]!.password})`);
}
