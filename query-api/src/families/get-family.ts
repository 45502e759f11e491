import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { principalOf } from '@mathdaily/api-kit';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { familyResponse } from '@mathdaily/domain/api/families';

const parentRow = tableRows.users.pick({ id: true, first_name: true, last_name: true }).extend({ linked_at: tableRows.family_links.shape.linked_at });

/** GET /api/family (students) → { data: { parents } }: the grown-ups who can see this child's progress, to unlink any of them. */
export function registerGetFamily(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/family', {
    config: { access: ['student'] },
    schema: { tags: ['family'], response: { 200: familyResponse } },
    handler: async (request) => {
      const childId = principalOf(request).userId.toLowerCase();
      const parents = await deps.pool.any(sql.type(parentRow)`
        SELECT u.id, u.first_name, u.last_name, f.linked_at
        FROM read_models.family_links f JOIN read_models.users u ON u.id = f.parent_id
        WHERE f.child_id = ${childId}::uuid AND u.erased_at IS NULL ORDER BY f.linked_at`);
      return { data: { parents: parents.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, linkedAt: row.linked_at })) } };
    },
  });
}
