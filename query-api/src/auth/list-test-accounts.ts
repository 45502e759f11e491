import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_ACCOUNTS, DomainError } from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { testAccountsResponse } from '@mathdaily/domain/api/accounts';

const DEMO_ACCOUNTS_OFF = 'Demo accounts are turned off on this server.';

/** GET /api/auth/test-accounts → {accounts: [{label, email, password, role, gradeLevel}]}; 404 unless DEMO_ACCOUNTS is on. */
export function registerListTestAccounts(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/auth/test-accounts', { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: testAccountsResponse } } }, async () => {
    if (!deps.config.demoAccounts) throw new DomainError('NOT_FOUND', DEMO_ACCOUNTS_OFF);
    return { accounts: DEMO_ACCOUNTS.map(({ label, email, password, role, gradeLevel }) => ({ label, email, password, role, gradeLevel })) };
  });
}
