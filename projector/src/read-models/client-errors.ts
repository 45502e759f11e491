import type { ClientErrorReported } from '@mathdaily/domain/client-errors/events';
import type { ReadModel } from '../read-model.ts';

/** Crashes reported by the web app's error boundary, newest first, listed to admins. */
export const clientErrors: ReadModel = {
  name: 'client-errors',
  version: 3,
  tables: [
    {
      name: 'client_errors',
      columns: [
        { name: 'report_id', type: 'uuid' },
        { name: 'message', type: 'text' },
        { name: 'stack', type: 'text', nullable: true },
        { name: 'url', type: 'text' },
        { name: 'user_agent', type: 'text' },
        { name: 'user_id', type: 'text', nullable: true },
        { name: 'occurred_at', type: 'timestamptz' },
        { name: 'reported_at', type: 'timestamptz' },
      ],
      primaryKey: ['report_id'],
      insertOnly: true,
      indexes: ['client_errors_reported ON (reported_at DESC, report_id)'],
    },
  ],
  handles: ['ClientErrorReported'],
  apply(event, tables) {
    const data = event.data as ClientErrorReported['data'];
    tables.client_errors!.put({
      report_id: data.reportId,
      message: data.message,
      stack: data.stack,
      url: data.url,
      user_agent: data.userAgent,
      user_id: event.metadata.actorId,
      occurred_at: data.occurredAt,
      reported_at: event.metadata.at,
    });
  },
};
