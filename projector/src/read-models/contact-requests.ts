import type { ContactRequested } from '@mathdaily/domain/contact/events';
import { sealedDataOf } from '@mathdaily/event-store';
import type { ReadModel } from '../read-model.ts';

/**
 * Contact-sales and help form submissions, newest first, listed to admins. What the sender wrote
 * about themselves (name, address, organisation, message) is kept sealed as the event holds it
 * (json): the admin list opens it, and it reads "[erased]" once the sender's account or the
 * message itself is erased (docs/personal-data.md).
 */
export const contactRequests: ReadModel = {
  name: 'contact-requests',
  version: 4,
  tables: [
    {
      name: 'contact_requests',
      columns: [
        { name: 'request_id', type: 'uuid' },
        { name: 'source', type: 'text' },
        { name: 'name', type: 'json' },
        { name: 'email', type: 'json' },
        { name: 'organization', type: 'json', nullable: true },
        { name: 'plan', type: 'text', nullable: true },
        { name: 'subject', type: 'text', nullable: true },
        { name: 'message', type: 'json' },
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
    const sealed = (sealedDataOf(event) ?? data) as Record<keyof ContactRequested['data'], unknown>;
    tables.contact_requests!.put({
      request_id: data.requestId,
      source: data.source,
      name: sealed.name,
      email: sealed.email,
      organization: sealed.organization,
      plan: data.plan,
      subject: data.subject,
      message: sealed.message,
      user_id: event.metadata.actorId,
      created_at: event.metadata.at,
    });
  },
};
