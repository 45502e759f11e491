import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { userRoles } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { roleChangedResponse } from '@mathdaily/domain/api/accounts';
import { handleUserCommand } from '../auth/user-records.ts';

const ROLE_MESSAGE = 'Please choose a valid role (student, tutor, admin, or parent).';

/**
 * PUT /api/admin/users/role {userId, role} (admins) → {message, userId, role, position}.
 * The new role counts on the user's very next request.
 */
export function registerChangeUserRole(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/admin/users/role', {
    schema: {
      response: { 200: roleChangedResponse },
      body: z.object({
        userId: z.string({ error: () => 'Please choose a user.' }).uuid('Please choose a user.'),
        role: z.enum(userRoles, { error: () => ROLE_MESSAGE }),
      }),
      tags: ['admin'],
    },
    config: { access: ['admin'] },
    handler: async (request) => {
      const admin = principalOf(request);
      const { userId, role } = request.body;
      const result = await handleUserCommand(deps.store, userId, commandMeta(request, deps), { type: 'ChangeRole', role, changedBy: admin.userId });
      return { message: 'User role updated', userId, role, position: positionOf(result.position) };
    },
  });
}
