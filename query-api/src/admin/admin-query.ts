import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** GET `path` for admins: `querystring` read, then `load` answers for it. */
export function registerAdminQuery<Query extends z.ZodType, Response extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  querystring: Query,
  response: Response,
  load: (query: z.output<Query>) => Promise<z.output<Response>>,
) {
  // Typed by hand: fastify cannot resolve the reply type of a schema left generic; `load`'s type checks the reply.
  app.get<{ Querystring: z.output<Query> }>(path, {
    config: { access: ['admin'] },
    schema: { response: { 200: response }, tags: ['admin'], querystring },
    handler: async (request) => load(request.query as z.output<Query>),
  });
}
