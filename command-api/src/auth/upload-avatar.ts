import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, MESSAGES, mayUploadAvatar, USER_MESSAGES } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleUserCommand, loadUser } from './user-records.ts';
import { AVATAR_MESSAGES, AVATAR_URL_PREFIX, avatarFileName, decodeBase64File, processAvatar } from './avatar-images.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { avatarResponse } from '@mathdaily/domain/api/accounts';

const body = z.object({
  file: z.string({ error: () => AVATAR_MESSAGES.missing }),
  originalName: z.string().max(255).optional().default(''),
  mimeType: z.string().max(100).optional().default(''),
});

/**
 * POST /api/auth/profile/avatar {file (base64, no data: prefix), originalName, mimeType} →
 * {profileImageUrl, position}. Tutors and admins only (students: 403 'Students can only use
 * predefined avatars'); at most 2,097,152 bytes decoded; JPEG, PNG or GIF by the file's bytes.
 */
export function registerUploadAvatar(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/profile/avatar', {
    schema: { body, tags: ['profile'], response: { 200: avatarResponse } },
    // Big enough that a file somewhat over 2 MB still gets the SPEC's message rather than a bare 413.
    bodyLimit: 12 * 1024 * 1024,
    config: { access: 'authenticated', rateLimit: RATE_LIMITS.uploadPerUser },
    handler: async (request) => {
      const { userId } = principalOf(request);
      const before = await loadUser(deps.store, userId);
      if (!mayUploadAvatar(before.state.role)) {
        throw new DomainError('FORBIDDEN', before.state.role === 'student' ? MESSAGES.studentsPredefinedOnly : USER_MESSAGES.uploadNotAllowed);
      }
      const image = await processAvatar(decodeBase64File(request.body.file));
      const fileName = avatarFileName(userId, image.type);
      const url = `${AVATAR_URL_PREFIX}${fileName}`;
      await deps.uploads.put({ name: fileName, ownerId: userId, contentType: image.type, bytes: image.data });
      let result;
      try {
        result = await handleUserCommand(deps.store, userId, commandMeta(request, deps), {
          type: 'UploadAvatar',
          url,
          fileName,
          originalName: request.body.originalName.slice(0, 255),
          mimeType: image.type,
          declaredMimeType: request.body.mimeType.slice(0, 100),
          bytes: image.data.length,
          width: image.width,
          height: image.height,
        });
      } catch (error) {
        await deps.uploads.delete(fileName).catch(() => {});
        throw error;
      }
      if (before.state.avatar?.kind === 'uploaded') await deps.uploads.delete(before.state.avatar.fileName);
      return { profileImageUrl: url, position: positionOf(result.position) };
    },
  });
}
