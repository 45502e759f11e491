import { evolvePlacement, initialPlacementState, type PlacementEvent, type PlacementState } from '@mathdaily/domain';
import { type ReadModel, isUuid } from '../read-model.ts';

/**
 * Each student's placement check (`placement-{userId}`): the decider's own state (jsonb), so the
 * placement query asks the same question the decider will check (`currentPlacementQuestion`),
 * the grade of the last finished check, and when checks started and finished.
 */
export const placements: ReadModel = {
  name: 'placements',
  version: 1,
  tables: [
    {
      name: 'placements',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'state', type: 'jsonb' },
        /** The starting grade the last finished check gave, or null. */
        { name: 'grade', type: 'int2', nullable: true },
        { name: 'started_at', type: 'timestamptz' },
        { name: 'completed_at', type: 'timestamptz', nullable: true },
      ],
      primaryKey: ['user_id'],
    },
  ],
  handles: ['PlacementStarted', 'PlacementAnswerRecorded', 'PlacementCompleted'],
  keys: (events) => ({
    placements: events.flatMap((event) => {
      const userId = (event.data as { userId: unknown }).userId;
      return isUuid(userId) ? [[userId]] : [];
    }),
  }),
  apply(event, tables) {
    const table = tables.placements!;
    const userId = (event.data as { userId: unknown }).userId;
    if (!isUuid(userId)) return;
    const row = table.get(userId);
    const state = evolvePlacement((row?.state as PlacementState | undefined) ?? initialPlacementState(), event as PlacementEvent);
    const at = event.metadata.at;
    table.put({
      user_id: userId,
      state,
      grade: state.grade,
      started_at: event.type === 'PlacementStarted' ? at : (row?.started_at ?? at),
      completed_at: event.type === 'PlacementCompleted' ? at : (row?.completed_at ?? null),
    });
  },
};
