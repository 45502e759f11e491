import { evolveLiveLearner, initialLiveLearner, LIVE_PRACTICE_EVENTS, type LiveLearner, type LivePracticeEvent } from '@mathdaily/domain';
import { isUuid, type ReadModel } from '../read-model.ts';

/**
 * The live class view's facts per student (`live_learners`): the practice session open now, when
 * the problem on screen appeared, this session's right and wrong answers and miss streak, the
 * current topic (domain live-learner.ts folds them). Whether someone is practising now or needs
 * help depends on the time of asking, so the query decides that with the same domain functions.
 */
export const liveLearners: ReadModel = {
  name: 'live-learners',
  version: 1,
  tables: [
    {
      name: 'live_learners',
      columns: [
        { name: 'student_id', type: 'uuid' },
        { name: 'state', type: 'jsonb' },
        { name: 'updated_at', type: 'timestamptz' },
        { name: 'position', type: 'int8' },
      ],
      primaryKey: ['student_id'],
    },
  ],
  handles: LIVE_PRACTICE_EVENTS,
  keys: (events) => ({ live_learners: events.flatMap((event) => (isUuid((event.data as { userId: string }).userId) ? [[(event.data as { userId: string }).userId]] : [])) }),
  apply(event, tables) {
    const { userId } = event.data as { userId: string };
    if (!isUuid(userId)) return;
    const table = tables.live_learners!;
    const state = (table.get(userId)?.state as LiveLearner | undefined) ?? initialLiveLearner();
    const next = evolveLiveLearner(state, { type: event.type, data: event.data, at: event.metadata.at } as LivePracticeEvent);
    table.put({ student_id: userId, state: next, updated_at: event.metadata.at, position: event.position });
  },
};
