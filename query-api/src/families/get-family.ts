import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';

const parentRow = z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), linked_at: z.string() });

/** GET /api/family (students) → { data: { parents } }: the grown-ups who can see this child's progress, to unlink any of them. */
export function registerGetFamily(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/family', {
    config: { access: ['student'] },
    schema: { tags: ['family'] },
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
