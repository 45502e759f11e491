import type { PlacementState } from '@mathdaily/domain';
import { column, defineTable } from './define-table.ts';

/** read-models/placements.ts */
export const placementsTables = [
  defineTable({
    name: 'placements',
    columns: {
      user_id: column.uuid(),
      /** The placement decider's own state. */
      state: column.jsonb<PlacementState>(),
      /** The starting grade the last finished check gave, or null. */
      grade: column.int2().nullable(),
      started_at: column.timestamptz(),
      completed_at: column.timestamptz().nullable(),
    },
    primaryKey: ['user_id'],
  }),
] as const;
