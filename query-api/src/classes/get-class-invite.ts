import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { CLASS_MESSAGES, DomainError, normalizeReferralCode } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { classInviteResponse } from '@mathdaily/domain/api/tutoring';

const inviteRow = z.object({ id: tableRows.classes.shape.class_id, name: tableRows.classes.shape.name, tutor_name: z.string(), member: z.boolean() });

/**
 * GET /api/classes/join/{code} (students) → {class_id, class_name, tutor_name, member}: what the
 * join link's page shows before the student joins (the class and its teacher, and whether they
 * are in it already). A code that is no class's current code, or an archived class → 404.
 * Only with the code in hand; joining itself is POST /api/tutors/referral-codes/redeem.
 */
export function registerGetClassInvite(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/classes/join/:code', {
    config: { access: ['student'] },
    schema: { tags: ['classes'], params: z.object({ code: z.string().max(40) }), response: { 200: classInviteResponse } },
    handler: async (request) => {
      const code = normalizeReferralCode(request.params.code);
      const studentId = principalOf(request).userId.toLowerCase();
      const row = code
        ? await deps.pool.maybeOne(sql.type(inviteRow)`
            SELECT c.class_id AS id, c.name, t.first_name || ' ' || t.last_name AS tutor_name,
                   EXISTS (SELECT 1 FROM read_models.class_members m WHERE m.class_id = c.class_id AND m.student_id = ${studentId}::uuid) AS member
            FROM read_models.classes c JOIN read_models.users t ON t.id = c.tutor_id
            WHERE c.join_code = ${code} AND c.archived_at IS NULL`)
        : null;
      if (!row || !code) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.codeNotFound);
      return { class_id: row.id, class_name: row.name, tutor_name: row.tutor_name, member: row.member, code };
    },
  });
}
