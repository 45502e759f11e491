import type { FastifyInstance } from 'fastify';
import { AVATAR_FILTERS, PREDEFINED_AVATARS } from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';

/** GET /api/auth/avatars → {avatars: [{id, name, url, category}], filters}: the 24 predefined avatars. */
export function registerListAvatars(app: FastifyInstance, _deps: QueryApiDeps) {
  app.get('/api/auth/avatars', { config: { access: 'authenticated' }, schema: { tags: ['profile'] } }, async () => ({
    avatars: PREDEFINED_AVATARS.map(({ id, name, url, category }) => ({ id, name, url, category })),
    filters: AVATAR_FILTERS,
  }));
}
