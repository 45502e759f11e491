import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';

/** Where uploads are stored (command-api/src/auth/avatar-images.ts). */
const AVATAR_FOLDER = 'avatars';
const FILE_NAME = /^[0-9a-f-]{36}-[0-9a-f-]{36}\.(jpg|png|gif)$/;
const TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;

/**
 * GET /api/avatars/uploads/{file}: an uploaded avatar (re-encoded, metadata-free). Public like any
 * profile picture; names are unguessable and never reused, so it can be cached for good.
 */
export function registerGetUploadedAvatar(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/avatars/uploads/:file', {
    config: { access: 'public' },
    schema: { tags: ['profile'], params: z.object({ file: z.string().max(100) }) },
    handler: async (request, reply) => {
      const match = FILE_NAME.exec(request.params.file);
      const dataDir = deps.config.dataDir;
      const notFound = new DomainError('NOT_FOUND', 'There is no such avatar.');
      if (!match || !dataDir) throw notFound;
      const bytes = await readFile(path.join(dataDir, AVATAR_FOLDER, request.params.file)).catch(() => null);
      if (!bytes) throw notFound;
      return reply
        .type(TYPES[match[1] as keyof typeof TYPES])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(bytes);
    },
  });
}
