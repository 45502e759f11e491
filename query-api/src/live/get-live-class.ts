import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';
import { CLASS_COLUMNS, classRow } from '../tutors/class-scope.ts';
import { ClassLiveHub } from './class-live-hub.ts';
import { authMessageBase, handleLiveSocket, LIVE_CLOSE, upgradeRequired } from './live-socket.ts';

const authMessage = authMessageBase.extend({ class_id: z.string().uuid().transform((id) => id.toLowerCase()) });

/**
 * GET /api/live/class (websocket): the live class view of one class. First message {type:'auth',
 * token, class_id} (live-socket.ts). A class that is not the caller's (a tutor's own; an admin's
 * any) closes with 4404. Then {type:'snapshot', …} (class-live-view.ts) at once and after every
 * projector batch that concerns the class: a student of it practised (an answer reaches the view
 * within the batch's commit, well under a second), its roster, name or a student's link changed.
 * Registered after /api/live, whose registration brings the websocket plugin.
 */
export function registerGetLiveClass(app: FastifyInstance, deps: QueryApiDeps) {
  const hub = new ClassLiveHub(deps);
  hub.start();
  app.addHook('onClose', async () => hub.stop());

  app.route({
    method: 'GET',
    url: '/api/live/class',
    config: { access: 'public' },
    schema: { tags: ['tutors'], summary: 'Websocket: the live class view (first message signs in and names the class)' },
    handler: upgradeRequired,
    wsHandler: (socket) =>
      handleLiveSocket(socket, deps, authMessage, async ({ principal, message, send, close, isOpen, onClose, recheck }) => {
        const row = await deps.pool.maybeOne(sql.type(classRow)`
          SELECT ${CLASS_COLUMNS} FROM read_models.classes c
          WHERE c.class_id = ${message.class_id}::uuid AND (${principal.role === 'admin'} OR c.tutor_id = ${principal.userId.toLowerCase()}::uuid)`);
        if (!row) return close(LIVE_CLOSE.notFound);
        const sendSnapshot = (snapshot: unknown) => send({ type: 'snapshot', ...(snapshot as object) });
        onClose(hub.add(row, { userId: principal.userId, send: sendSnapshot, recheck }));
        const snapshot = await hub.snapshot(row.id);
        if (snapshot && isOpen()) sendSnapshot(snapshot);
      }),
  });
}
