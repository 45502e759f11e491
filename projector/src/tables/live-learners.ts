import type { LiveLearner } from '@mathdaily/domain';
import { column, defineTable } from './define-table.ts';

/** read-models/live-learners.ts */
export const liveLearnersTables = [
  defineTable({
    name: 'live_learners',
    columns: {
      student_id: column.uuid(),
      state: column.jsonb<LiveLearner>(),
      updated_at: column.timestamptz(),
      position: column.position(),
    },
    primaryKey: ['student_id'],
  }),
] as const;
