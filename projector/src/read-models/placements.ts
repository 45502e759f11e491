import { evolvePlacement, initialPlacementState } from '@mathdaily/domain';
import { defineReadModel, isUuid } from '../read-model.ts';
import { placementsTables } from '../tables/placements.ts';

/**
 * Each student's placement check (`placement-{userId}`): the decider's own state (jsonb), so the
 * placement query asks the same question the decider will check (`currentPlacementQuestion`),
 * the grade of the last finished check, and when checks started and finished.
 */
export const placements = defineReadModel({
  name: 'placements',
  version: 1,
  tables: placementsTables,
  handles: ['PlacementStarted', 'PlacementAnswerRecorded', 'PlacementCompleted'],
  keys: (events) => ({
    placements: events.flatMap((event) => {
      const userId = event.data.userId;
      return isUuid(userId) ? [[userId]] : [];
    }),
  }),
  apply(event, tables) {
    const table = tables.placements;
    const userId = event.data.userId;
    if (!isUuid(userId)) return;
    const row = table.get(userId);
    const state = evolvePlacement(row?.state ?? initialPlacementState(), event);
    const at = event.metadata.at;
    table.put({
      user_id: userId,
      state,
      grade: state.grade,
      started_at: event.type === 'PlacementStarted' ? at : (row?.started_at ?? at),
      completed_at: event.type === 'PlacementCompleted' ? at : (row?.completed_at ?? null),
    });
  },
});
