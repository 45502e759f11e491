import { sql } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';
import type { ClientErrorReported } from '@mathdaily/domain/client-errors/events';
import type { ReadModel } from '../read-model.ts';

/** Crashes reported by the web app's error boundary, newest first, listed to admins. */
export const clientErrors: ReadModel = {
  name: 'client-errors',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE client_errors (
        report_id uuid PRIMARY KEY,
        message text NOT NULL,
        stack text,
        url text NOT NULL,
        user_agent text NOT NULL,
        user_id text,
        occurred_at timestamptz NOT NULL,
        reported_at timestamptz NOT NULL
      )`,
    sql.unsafe`CREATE INDEX client_errors_reported ON client_errors (reported_at DESC, report_id)`,
  ],
  handles: ['ClientErrorReported'],
  async apply(tx, event) {
    const data = (event as RecordedEvent<'ClientErrorReported', ClientErrorReported['data']>).data;
    await tx.query(sql.unsafe`
      INSERT INTO client_errors (report_id, message, stack, url, user_agent, user_id, occurred_at, reported_at)
      VALUES (${data.reportId}, ${data.message}, ${data.stack}, ${data.url}, ${data.userAgent}, ${event.metadata.actorId},
              ${data.occurredAt}, ${event.metadata.at})
      ON CONFLICT (report_id) DO NOTHING`);
  },
};
