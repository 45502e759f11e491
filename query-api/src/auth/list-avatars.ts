import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AVATAR_FILTERS, PREDEFINED_AVATARS } from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { avatarsResponse } from '@mathdaily/domain/api/accounts';

/** GET /api/auth/avatars → {avatars: [{id, name, url, category}], filters}: the 24 predefined avatars. */
export function registerListAvatars(app: FastifyInstance, _deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/auth/avatars', { config: { access: 'authenticated' }, schema: { tags: ['profile'], response: { 200: avatarsResponse } } }, async () => ({
    avatars: PREDEFINED_AVATARS.map(({ id, name, url, category }) => ({ id, name, url, category })),
    filters: [...AVATAR_FILTERS],
  }));
}
