import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import {
  DomainError,
  familyCodesDecider,
  familyCodesStreamId,
  familyCodeStreamId,
  foldEvents,
  formatLinkCode,
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  LINK_CODE_TTL_MS,
  relationshipDecider,
  relationshipStreamId,
} from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { linkCodeResponse } from '@mathdaily/domain/api/families';

const NOT_YOUR_ACTIVE_STUDENT = 'You can make a parent link code only for your active students.';

/** A code's digest: keyed with the server's secret, so nobody who sees a stream name can find the code by trying them all. */
export const linkCodeHash = (secret: string, code: string): string =>
  createHmac('sha256', Buffer.from(hkdfSync('sha256', secret, 'mathdaily', 'family link codes', 32))).update(code, 'utf8').digest('hex');

/**
 * A new one-time link code for the child: only the newest works, once, for 24 hours (a new code
 * replaces the old). The code is shown once, in this answer; events keep only its hash.
 */
async function createLinkCode(request: FastifyRequest, deps: CommandApiDeps, childId: string) {
  const code = Array.from({ length: LINK_CODE_LENGTH }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join('');
  const codeHash = linkCodeHash(deps.config.jwtSecret, code);
  const meta = commandMeta(request, deps);
  const expiresAt = new Date(meta.at.getTime() + LINK_CODE_TTL_MS).toISOString();
  const result = await handleCommand({
    store: deps.store,
    streamId: familyCodesStreamId(childId),
    decider: familyCodesDecider,
    meta,
    command: { type: 'CreateLinkCode', childId, codeHash, expiresAt, createdBy: principalOf(request).userId },
    // The reservation makes the code unique and names the child for the parent who types it.
    alongside: [{ streamId: familyCodeStreamId(codeHash), facts: [{ type: 'FamilyLinkCodeReserved', data: { childId, codeHash } }] }],
  });
  return { code: formatLinkCode(code), expiresAt, position: positionOf(result.position) };
}

const studentParams = z.object({ id: z.string().uuid('Please choose a student.').transform((id) => id.toLowerCase()) });

/**
 * POST /api/family/link-codes (students) → 201 {code, expiresAt, position}: a code the child gives
 * a parent or guardian. POST /api/tutors/students/{id}/link-code (tutors, for an active student of
 * theirs, by the relationship's stream) → the same, for the tutor to hand to the family.
 */
export function registerCreateLinkCode(app: FastifyInstance, deps: CommandApiDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/api/family/link-codes', {
    schema: { tags: ['family'], response: { 201: linkCodeResponse } },
    config: { access: ['student'] },
    handler: async (request, reply) => reply.status(201).send(await createLinkCode(request, deps, principalOf(request).userId)),
  });
  typed.post('/api/tutors/students/:id/link-code', {
    schema: { params: studentParams, tags: ['tutors'], response: { 201: linkCodeResponse } },
    config: { access: ['tutor'] },
    handler: async (request, reply) => {
      const tutorId = principalOf(request).userId;
      const relationship = foldEvents(relationshipDecider, (await deps.store.readStream(relationshipStreamId(tutorId, request.params.id))).events);
      if (relationship.status !== 'active') throw new DomainError('FORBIDDEN', NOT_YOUR_ACTIVE_STUDENT);
      return reply.status(201).send(await createLinkCode(request, deps, request.params.id));
    },
  });
}
