import type { ContactRequested } from '@mathdaily/domain/contact/events';
import type { ReadModel } from '../read-model.ts';

/** Contact-sales and help form submissions, newest first, listed to admins. */
export const contactRequests: ReadModel = {
  name: 'contact-requests',
  version: 3,
  tables: [
    {
      name: 'contact_requests',
      columns: [
        { name: 'request_id', type: 'uuid' },
        { name: 'source', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'email', type: 'text' },
        { name: 'organization', type: 'text', nullable: true },
        { name: 'plan', type: 'text', nullable: true },
        { name: 'subject', type: 'text', nullable: true },
        { name: 'message', type: 'text' },
        { name: 'user_id', type: 'text', nullable: true },
        { name: 'created_at', type: 'timestamptz' },
      ],
      primaryKey: ['request_id'],
      insertOnly: true,
      indexes: ['contact_requests_created ON (created_at DESC, request_id)', 'contact_requests_source ON (source, created_at DESC)'],
    },
  ],
  handles: ['ContactRequested'],
  apply(event, tables) {
    const data = event.data as ContactRequested['data'];
    tables.contact_requests!.put({
      request_id: data.requestId,
      source: data.source,
      name: data.name,
      email: data.email,
      organization: data.organization,
      plan: data.plan,
      subject: data.subject,
      message: data.message,
      user_id: event.metadata.actorId,
      created_at: event.metadata.at,
    });
  },
};
