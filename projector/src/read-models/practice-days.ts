import type { AnswerSubmittedData } from '@mathdaily/domain';
import { type ReadModel, isUuid } from '../read-model.ts';

/**
 * One answer counts for at most 10 minutes of study time: a tab left open overnight is not study.
 * (The response time itself is kept as sent in `attempts`.)
 */
export const STUDY_TIME_CAP_MS = 10 * 60_000;

/**
 * The calendar days on which a student practised, in the student's time zone at the moment of
 * each answer (handed over by learner-profiles, default UTC), with the day's answers, correct
 * answers and study time, and the same answers as sessions count them (first tries, those right,
 * retries: handed over by practice-sessions). Streaks are computed from these dates at query time (the query knows
 * "today"); totals of the progress summary are sums over them.
 */
export const practiceDays: ReadModel = {
  name: 'practice-days',
  version: 3,
  tables: [
    {
      name: 'practice_days',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'local_date', type: 'date' },
        { name: 'answers', type: 'int4' },
        { name: 'correct_answers', type: 'int4' },
        { name: 'study_ms', type: 'int8' },
        /** Answers that were a problem's first in its session, those right, and the rest (retries): `sessionCounts`' definition. */
        { name: 'first_tries', type: 'int4' },
        { name: 'first_tries_correct', type: 'int4' },
        { name: 'retries', type: 'int4' },
        { name: 'first_answer_at', type: 'timestamptz' },
        { name: 'last_answer_at', type: 'timestamptz' },
      ],
      primaryKey: ['user_id', 'local_date'],
    },
  ],
  handles: ['AnswerSubmitted'],
  keysFromContext: true,
  keys: (events, context) => ({
    practice_days: events.flatMap((event) => {
      const userId = (event.data as AnswerSubmittedData).userId;
      return isUuid(userId) ? [[userId, context.localDateOf(event)]] : [];
    }),
  }),
  apply(event, tables, context) {
    const data = event.data as AnswerSubmittedData;
    if (!isUuid(data.userId)) return;
    const table = tables.practice_days!;
    const day = context.localDateOf(event);
    const at = event.metadata.at;
    const correct = data.isCorrect ? 1 : 0;
    const first = context.answerFactsOf(event)?.firstTry ?? true;
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
      answers: (current.answers as number) + 1,
      correct_answers: (current.correct_answers as number) + correct,
      study_ms: (current.study_ms as number) + study,
      first_tries: (current.first_tries as number) + (first ? 1 : 0),
      first_tries_correct: (current.first_tries_correct as number) + (first ? correct : 0),
      retries: (current.retries as number) + (first ? 0 : 1),
      last_answer_at: at,
    });
  },
};
