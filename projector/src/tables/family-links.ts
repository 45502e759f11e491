import { column, defineTable } from './define-table.ts';

/** read-models/family-links.ts */
export const familyLinksTables = [
  defineTable({
    name: 'family_links',
    columns: {
      parent_id: column.uuid(),
      child_id: column.uuid(),
      linked_at: column.timestamptz(),
    },
    primaryKey: ['parent_id', 'child_id'],
    indexes: ['family_links_child ON (child_id)'],
  }),
] as const;
