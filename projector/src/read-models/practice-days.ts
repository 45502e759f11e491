import { defineReadModel, isUuid } from '../read-model.ts';
import { practiceDaysTables } from '../tables/practice-days.ts';

/**
 * One answer counts for at most 10 minutes of study time: a tab left open overnight is not study.
 * (The response time itself is kept as sent in `attempts`.)
 */
const STUDY_TIME_CAP_MS = 10 * 60_000;

/**
 * The calendar days on which a student practised, in the student's time zone at the moment of
 * each answer (handed over by learner-profiles, default UTC), with the day's answers, correct
 * answers and study time, and the same answers as sessions count them (first tries, those right,
 * retries: handed over by practice-sessions). Streaks are computed from these dates at query time (the query knows
 * "today"); totals of the progress summary are sums over them.
 */
export const practiceDays = defineReadModel({
  name: 'practice-days',
  version: 3,
  tables: practiceDaysTables,
  handles: ['AnswerSubmitted'],
  keysFromContext: true,
  keys: (events, context) => ({
    practice_days: events.flatMap((event) => {
      const userId = event.data.userId;
      return isUuid(userId) ? [[userId, context.localDateOf(event)]] : [];
    }),
  }),
  apply(event, tables, context) {
    const data = event.data;
    if (!isUuid(data.userId)) return;
    const table = tables.practice_days;
    const day = context.localDateOf(event);
    const at = event.metadata.at;
    const correct = data.isCorrect ? 1 : 0;
    const first = context.answerFacts.of(event)?.firstTry ?? true;
    const study = Math.min(STUDY_TIME_CAP_MS, Math.max(0, data.responseTimeMs));
    const current = table.get(data.userId, day) ?? {
      user_id: data.userId,
      local_date: day,
      answers: 0,
      correct_answers: 0,
      study_ms: 0,
      first_tries: 0,
      first_tries_correct: 0,
      retries: 0,
      first_answer_at: at,
    };
    table.put({
      ...current,
      answers: current.answers + 1,
      correct_answers: current.correct_answers + correct,
      study_ms: current.study_ms + study,
      first_tries: current.first_tries + (first ? 1 : 0),
      first_tries_correct: current.first_tries_correct + (first ? correct : 0),
      retries: current.retries + (first ? 0 : 1),
      last_answer_at: at,
    });
  },
});
