import { defineReadModel } from '../read-model.ts';
import { familyLinksTables } from '../tables/family-links.ts';

/**
 * `family_links`: one row per parent and child linked now (ChildLinked, removed by ChildUnlinked),
 * for the parent's dashboard, the child's "who can see my progress" list and the weekly summary.
 * Names come from `users` by join, so an erased person reads "Deleted user" there and nowhere else.
 */
export const familyLinks = defineReadModel({
  name: 'family-links',
  version: 1,
  tables: familyLinksTables,
  handles: ['ChildLinked', 'ChildUnlinked'],
  keys: (events) => ({ family_links: events.map((event) => [event.data.parentId, event.data.childId]) }),
  apply(event, tables) {
    const links = tables.family_links;
    if (event.type === 'ChildLinked') {
      const data = event.data;
      links.put({ parent_id: data.parentId, child_id: data.childId, linked_at: event.metadata.at });
    } else {
      const data = event.data;
      links.delete(data.parentId, data.childId);
    }
  },
});
