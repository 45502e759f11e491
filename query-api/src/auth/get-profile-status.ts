import type { FastifyInstance } from 'fastify';
import { principalOf } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';
import { completionOfRow, findUserRow } from './user-row.ts';

/**
 * GET /api/auth/profile/status → {profileCompletion: {overall, required, optional, items}}
 * (percentages; `items` lists what counts and whether it is done — see docs/accounts.md).
 */
export function registerGetProfileStatus(app: FastifyInstance, deps: QueryApiDeps) {
  app.get('/api/auth/profile/status', { config: { access: 'authenticated' }, schema: { tags: ['profile'] } }, async (request) => {
    return { profileCompletion: completionOfRow(await findUserRow(deps.pool, principalOf(request).userId)) };
  });
}
