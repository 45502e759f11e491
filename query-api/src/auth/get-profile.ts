import type { FastifyInstance } from 'fastify';
import { principalOf } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';
import { findUserRow, userViewOfRow } from './user-row.ts';

/** GET /api/auth/profile → {user} (the profile view: timezone and profileImageUrl included; e-mail read-only). */
export function registerGetProfile(app: FastifyInstance, deps: QueryApiDeps) {
  app.get('/api/auth/profile', { config: { access: 'authenticated' }, schema: { tags: ['profile'] } }, async (request) => {
    return { user: userViewOfRow(await findUserRow(deps.pool, principalOf(request).userId)) };
  });
}
