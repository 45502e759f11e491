import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import {
  DomainError,
  FAMILY_MESSAGES,
  familyCodesDecider,
  familyCodesStreamId,
  familyCodeStreamId,
  foldEvents,
  normaliseLinkCode,
  parentDecider,
  parentStreamId,
  type FamilyLinkCodeReserved,
} from '@mathdaily/domain';
import { commandMeta, laterPosition, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { loadUser } from '../auth/user-records.ts';
import { linkCodeHash } from './link-codes.ts';
import { childLinkedResponse } from '@mathdaily/domain/api/families';

const CODE_REQUIRED = 'Please enter the code your child gave you.';
const body = z.object({ code: z.string({ error: () => CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(40, FAMILY_MESSAGES.codeUnknown) });
const unknownCode = () => new DomainError('VALIDATION_FAILED', FAMILY_MESSAGES.codeUnknown, { code: FAMILY_MESSAGES.codeUnknown });

/**
 * POST /api/parent/children {code} (parents) → 201 {child: {id, firstName}, position}. The code's
 * reservation names the child; the child's code stream spends it (once, newest only, within 24
 * hours); then the parent's stream links them, at most 3 children. The limit is checked first, so
 * a parent with 3 children spends no code; only two links of the same parent racing can spend a
 * code and still be refused (the child then makes a new one).
 */
export function registerLinkChild(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/parent/children', {
    schema: { body, tags: ['family'], response: { 201: childLinkedResponse } },
    config: { access: ['parent'], rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (request) => `link-child:${request.principal?.userId ?? request.ip}` } },
    handler: async (request, reply) => {
      const parentId = principalOf(request).userId;
      const code = normaliseLinkCode(request.body.code);
      if (!code) throw unknownCode();
      const codeHash = linkCodeHash(deps.config.jwtSecret, code);
      const reservation = (await deps.store.readStream(familyCodeStreamId(codeHash))).events[0] as (FamilyLinkCodeReserved & { type: string }) | undefined;
      if (!reservation) throw unknownCode();
      const childId = reservation.data.childId;
      const family = foldEvents(parentDecider, (await deps.store.readStream(parentStreamId(parentId))).events);
      parentDecider.decide({ type: 'LinkChild', parentId, childId }, family);
      const child = await loadUser(deps.store, childId);
      if (!child.state.exists) throw unknownCode();
      const meta = commandMeta(request, deps);
      const spent = await handleCommand({
        store: deps.store,
        streamId: familyCodesStreamId(childId),
        decider: familyCodesDecider,
        meta,
        command: { type: 'RedeemLinkCode', childId, codeHash, parentId, at: meta.at.toISOString() },
      });
      const linked = await handleCommand({ store: deps.store, streamId: parentStreamId(parentId), decider: parentDecider, meta, command: { type: 'LinkChild', parentId, childId } });
      return reply.status(201).send({ child: { id: childId, firstName: child.state.firstName }, position: laterPosition(spent.position, linked.position) });
    },
  });
}
