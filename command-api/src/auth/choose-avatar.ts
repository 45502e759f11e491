import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { USER_MESSAGES } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleUserCommand, loadUser, viewOf } from './user-records.ts';
import { avatarResponse } from '@mathdaily/domain/api/accounts';

/** PUT /api/auth/profile/avatar {avatarUrl} (one of the 24 predefined) → {profileImageUrl, position}. Every role. */
export function registerChooseAvatar(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/auth/profile/avatar', {
    schema: {
      response: { 200: avatarResponse },
      body: z.object({
        avatarUrl: z.string({ error: () => USER_MESSAGES.avatarNotPredefined }).min(1, USER_MESSAGES.avatarNotPredefined).max(200, USER_MESSAGES.avatarNotPredefined),
      }),
      tags: ['profile'],
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const { userId } = principalOf(request);
      const before = await loadUser(deps.store, userId);
      const result = await handleUserCommand(deps.store, userId, commandMeta(request, deps), { type: 'ChooseAvatar', avatarUrl: request.body.avatarUrl });
      // A replaced upload is no longer shown anywhere: remove its file.
      if (result.events.length > 0 && before.state.avatar?.kind === 'uploaded') {
        await deps.uploads.delete(before.state.avatar.fileName);
      }
      const user = viewOf(await loadUser(deps.store, userId));
      return { profileImageUrl: user.profileImageUrl, position: positionOf(result.position) };
    },
  });
}
