import { defineReadModel } from '../read-model.ts';
import { clientErrorsTables } from '../tables/client-errors.ts';

/** Crashes reported by the web app's error boundary, newest first, listed to admins. */
export const clientErrors = defineReadModel({
  name: 'client-errors',
  version: 3,
  tables: clientErrorsTables,
  handles: ['ClientErrorReported'],
  apply(event, tables) {
    const data = event.data;
    tables.client_errors.put({
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
});
