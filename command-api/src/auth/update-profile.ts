import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '@mathdaily/api-kit';
import { profileUpdateSchema } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { currentGradeLevel, handleUserCommand, loadUser, loadUserView } from './user-records.ts';
import { profileUpdatedResponse } from '@mathdaily/domain/api/accounts';

/**
 * PUT /api/auth/profile {firstName?, lastName?, gradeLevel?, timezone?} → {user, position}.
 * The e-mail address is read-only: sending `email` answers 400 'Email address cannot be changed'.
 * A grade is compared with the grade in effect (a placement check's, when it came after the
 * profile's), so choosing the old grade back after a placement is recorded.
 */
export function registerUpdateProfile(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/auth/profile', {
    schema: { body: profileUpdateSchema, tags: ['profile'], response: { 200: profileUpdatedResponse } },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const { userId } = principalOf(request);
      // A placement check may have set the grade after the profile did: a choice is compared with that one.
      const gradeLevel = await currentGradeLevel(deps.store, await loadUser(deps.store, userId));
      const result = await handleUserCommand(deps.store, userId, commandMeta(request, deps), { type: 'UpdateProfile', changes: request.body, currentGradeLevel: gradeLevel });
      return { user: await loadUserView(deps.store, userId), position: positionOf(result.position) };
    },
  });
}
