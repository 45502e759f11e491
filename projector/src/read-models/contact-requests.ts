import { sql } from 'slonik';
import type { ReadModel } from '../read-model.ts';

/** Contact and help form submissions, listed to admins. */
export const contactRequests: ReadModel = {
  name: 'contact-requests',
  version: 1,
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
        created_at timestamptz NOT NULL
      )`,
    sql.unsafe`CREATE INDEX contact_requests_created ON contact_requests (created_at DESC)`,
  ],
  handles: ['ContactRequested'],
  async apply(tx, event) {
    const data = event.data as {
      requestId: string; source: string; name: string; email: string;
      organization: string | null; plan: string | null; subject: string | null; message: string;
    };
    await tx.query(sql.unsafe`
      INSERT INTO contact_requests (request_id, source, name, email, organization, plan, subject, message, created_at)
      VALUES (${data.requestId}, ${data.source}, ${data.name}, ${data.email}, ${data.organization}, ${data.plan},
              ${data.subject}, ${data.message}, ${event.metadata.at})
      ON CONFLICT (request_id) DO NOTHING`);
  },
};
