import { z } from 'zod';
import { commandPosition, position } from './common.ts';

/** GET /api/health: the event store's end, the projector's checkpoint and lag (503 with the same body when degraded). */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  /** What is wrong, when degraded. */
  message: z.string().optional(),
  eventStore: z.object({ lastPosition: position }),
  projector: z.object({ running: z.boolean(), stalled: z.boolean(), checkpoint: position.nullable(), lag: z.string().nullable() }),
});

/** GET /health/live (api-kit, outside /api/). */
export const livenessResponse = z.object({ status: z.literal('live') });
/** GET /health/ready (api-kit, outside /api/): each check's outcome, 'ok' or what failed. */
export const readinessResponse = z.object({ status: z.enum(['ready', 'not ready', 'stopping']), checks: z.record(z.string(), z.string()) });

/** POST /api/contact-requests (201): the contact and help forms. */
export const contactRequestSentResponse = z.object({ position: commandPosition, data: z.object({ requestId: z.string(), message: z.string() }) });

/** POST /api/client-errors (201): a crash of the web app, reported. */
export const clientErrorReportedResponse = z.object({ position: commandPosition, data: z.object({ reportId: z.string() }) });
