import type { FastifyInstance } from 'fastify';
import { principalOf } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';
import { findUserRow, userViewOfRow } from './user-row.ts';

/** GET /api/auth/me → {user}: the signed-in user (SPEC §3 User, with timezone and profileImageUrl). */
export function registerGetMe(app: FastifyInstance, deps: QueryApiDeps) {
  app.get('/api/auth/me', { config: { access: 'authenticated' }, schema: { tags: ['auth'] } }, async (request) => {
    return { user: userViewOfRow(await findUserRow(deps.pool, principalOf(request).userId)) };
  });
}
