import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';
import { completionOfRow, findUserRow } from './user-row.ts';
import { profileStatusResponse } from '@mathdaily/domain/api/accounts';

/**
 * GET /api/auth/profile/status → {profileCompletion: {overall, required, optional, items}}
 * (percentages; `items` lists what counts and whether it is done — see docs/accounts.md).
 */
export function registerGetProfileStatus(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/auth/profile/status', { config: { access: 'authenticated' }, schema: { tags: ['profile'], response: { 200: profileStatusResponse } } }, async (request) => {
    return { profileCompletion: completionOfRow(await findUserRow(deps.pool, principalOf(request).userId)) };
  });
}
