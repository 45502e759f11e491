import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '@mathdaily/api-kit';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleUserCommand, loadUser, viewOf } from './user-records.ts';
import { avatarRemovedResponse } from '@mathdaily/domain/api/accounts';

const AVATAR_REMOVED = 'Avatar removed. Your default avatar is shown again.';

/**
 * DELETE /api/auth/profile/avatar → {message, profileImageUrl, position}. Tutors and admins
 * (students: 403 'Students can only use predefined avatars'); back to the initials circle.
 */
export function registerRemoveAvatar(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().delete('/api/auth/profile/avatar', {
    schema: { tags: ['profile'], response: { 200: avatarRemovedResponse } },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const { userId } = principalOf(request);
      const before = await loadUser(deps.store, userId);
      const result = await handleUserCommand(deps.store, userId, commandMeta(request, deps), { type: 'RemoveAvatar' });
      if (result.events.length > 0 && before.state.avatar?.kind === 'uploaded') {
        await deps.uploads.delete(before.state.avatar.fileName);
      }
      const user = viewOf(await loadUser(deps.store, userId));
      return { message: AVATAR_REMOVED, profileImageUrl: user.profileImageUrl, position: positionOf(result.position) };
    },
  });
}
