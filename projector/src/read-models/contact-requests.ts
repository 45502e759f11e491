import type { ContactRequested } from '@mathdaily/domain/contact/events';
import { sealedDataOf } from '@mathdaily/event-store';
import { defineReadModel } from '../read-model.ts';
import { contactRequestsTables } from '../tables/contact-requests.ts';

/**
 * Contact-sales and help form submissions, newest first, listed to admins. What the sender wrote
 * about themselves (name, address, organisation, message) is kept sealed as the event holds it
 * (json): the admin list opens it, and it reads "[erased]" once the sender's account or the
 * message itself is erased (docs/personal-data.md).
 */
export const contactRequests = defineReadModel({
  name: 'contact-requests',
  version: 4,
  tables: contactRequestsTables,
  handles: ['ContactRequested'],
  apply(event, tables) {
    const data = event.data;
    const sealed = (sealedDataOf(event) ?? data) as Record<keyof ContactRequested['data'], unknown>;
    tables.contact_requests.put({
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
});
