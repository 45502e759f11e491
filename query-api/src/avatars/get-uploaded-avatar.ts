import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';

/** Names as command-api/src/auth/avatar-images.ts makes them. */
const FILE_NAME = /^[0-9a-f-]{36}-[0-9a-f-]{36}\.(jpg|png|gif)$/;

/**
 * GET /api/avatars/uploads/{file}: an uploaded avatar (re-encoded, metadata-free). Public like any
 * profile picture; names are unguessable and never reused, so it can be cached for good.
 */
export function registerGetUploadedAvatar(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/avatars/uploads/:file', {
    config: { access: 'public' },
    schema: { tags: ['profile'], params: z.object({ file: z.string().max(100) }) },
    handler: async (request, reply) => {
      const upload = FILE_NAME.test(request.params.file) ? await deps.uploads.get(request.params.file) : null;
      if (!upload) throw new DomainError('NOT_FOUND', 'There is no such avatar.');
      return reply
        .type(upload.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(upload.bytes);
    },
  });
}
