import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';
import { findUserRow, userViewOfRow } from './user-row.ts';
import { userResponse } from '@mathdaily/domain/api/accounts';

/** GET /api/auth/me → {user}: the signed-in user (SPEC §3 User, with timezone and profileImageUrl). */
export function registerGetMe(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/auth/me', { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: userResponse } } }, async (request) => {
    return { user: userViewOfRow(await findUserRow(deps.pool, principalOf(request).userId)) };
  });
}
