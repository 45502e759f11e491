import type { ChildLinked, ChildUnlinked } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * `family_links`: one row per parent and child linked now (ChildLinked, removed by ChildUnlinked),
 * for the parent's dashboard, the child's "who can see my progress" list and the weekly summary.
 * Names come from `users` by join, so an erased person reads "Deleted user" there and nowhere else.
 */
export const familyLinks: ReadModel = {
  name: 'family-links',
  version: 1,
  tables: [
    {
      name: 'family_links',
      columns: [
        { name: 'parent_id', type: 'uuid' },
        { name: 'child_id', type: 'uuid' },
        { name: 'linked_at', type: 'timestamptz' },
      ],
      primaryKey: ['parent_id', 'child_id'],
      indexes: ['family_links_child ON (child_id)'],
    },
  ],
  handles: ['ChildLinked', 'ChildUnlinked'],
  keys: (events) => ({ family_links: events.map((event) => [(event.data as ChildLinked['data']).parentId, (event.data as ChildLinked['data']).childId]) }),
  apply(event, tables) {
    const links = tables.family_links!;
    if (event.type === 'ChildLinked') {
      const data = event.data as ChildLinked['data'];
      links.put({ parent_id: data.parentId, child_id: data.childId, linked_at: event.metadata.at });
    } else {
      const data = event.data as ChildUnlinked['data'];
      links.delete(data.parentId, data.childId);
    }
  },
};
