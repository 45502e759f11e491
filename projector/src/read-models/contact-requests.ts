import { sql } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';
import type { ContactRequested } from '@mathdaily/domain/contact/events';
import type { ReadModel } from '../read-model.ts';

/** Contact-sales and help form submissions, newest first, listed to admins. */
export const contactRequests: ReadModel = {
  name: 'contact-requests',
  version: 2,
  tables: [
    sql.unsafe`
      CREATE TABLE contact_requests (
        request_id uuid PRIMARY KEY,
        source text NOT NULL,
        name text NOT NULL,
        email text NOT NULL,
        organization text,
        plan text,
        subject text,
        message text NOT NULL,
        user_id text,
        created_at timestamptz NOT NULL
      )`,
    sql.unsafe`CREATE INDEX contact_requests_created ON contact_requests (created_at DESC, request_id)`,
    sql.unsafe`CREATE INDEX contact_requests_source ON contact_requests (source, created_at DESC)`,
  ],
  handles: ['ContactRequested'],
  async apply(tx, event) {
    const data = (event as RecordedEvent<'ContactRequested', ContactRequested['data']>).data;
    await tx.query(sql.unsafe`
      INSERT INTO contact_requests (request_id, source, name, email, organization, plan, subject, message, user_id, created_at)
      VALUES (${data.requestId}, ${data.source}, ${data.name}, ${data.email}, ${data.organization}, ${data.plan},
              ${data.subject}, ${data.message}, ${event.metadata.actorId}, ${event.metadata.at})
      ON CONFLICT (request_id) DO NOTHING`);
  },
};
