import { evolveLiveLearner, initialLiveLearner, LIVE_PRACTICE_EVENTS } from '@mathdaily/domain';
import { defineReadModel, isUuid } from '../read-model.ts';
import { liveLearnersTables } from '../tables/live-learners.ts';

/**
 * The live class view's facts per student (`live_learners`): the practice session open now, when
 * the problem on screen appeared, this session's right and wrong answers and miss streak, the
 * current topic (domain live-learner.ts folds them). Whether someone is practising now or needs
 * help depends on the time of asking, so the query decides that with the same domain functions.
 */
export const liveLearners = defineReadModel({
  name: 'live-learners',
  version: 1,
  tables: liveLearnersTables,
  handles: LIVE_PRACTICE_EVENTS,
  keys: (events) => ({ live_learners: events.flatMap((event) => (isUuid(event.data.userId) ? [[event.data.userId]] : [])) }),
  apply(event, tables) {
    const { userId } = event.data;
    if (!isUuid(userId)) return;
    const table = tables.live_learners;
    const state = table.get(userId)?.state ?? initialLiveLearner();
    const next = evolveLiveLearner(state, { ...event, at: event.metadata.at });
    table.put({ student_id: userId, state: next, updated_at: event.metadata.at, position: event.position });
  },
});
