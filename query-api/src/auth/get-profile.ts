import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';
import { findUserRow, userViewOfRow } from './user-row.ts';
import { userResponse } from '@mathdaily/domain/api/accounts';

/** GET /api/auth/profile → {user} (the profile view: timezone and profileImageUrl included; e-mail read-only). */
export function registerGetProfile(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/auth/profile', { config: { access: 'authenticated' }, schema: { tags: ['profile'], response: { 200: userResponse } } }, async (request) => {
    return { user: userViewOfRow(await findUserRow(deps.pool, principalOf(request).userId)) };
  });
}
