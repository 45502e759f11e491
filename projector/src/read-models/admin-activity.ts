import type { RecordedEvent } from '@mathdaily/domain';
import { defineReadModel } from '../read-model.ts';
import { adminActivityTables } from '../tables/admin-activity.ts';

const utcDay = (event: RecordedEvent) => event.metadata.at.slice(0, 10);

/**
 * `admin_event_counts`: events per UTC day and type, for the admin dashboard's figures (events
 * stored, answers today) without counting the log: a sum over a few hundred rows.
 */
export const adminActivity = defineReadModel({
  name: 'admin-activity',
  version: 1,
  tables: adminActivityTables,
  handles: 'all',
  keys: (events) => ({ admin_event_counts: events.map((event) => [utcDay(event), event.type]) }),
  apply(event, tables) {
    const table = tables.admin_event_counts;
    const day = utcDay(event);
    const current = table.get(day, event.type);
    table.put({ day, type: event.type, events: (current?.events ?? 0) + 1 });
  },
});
