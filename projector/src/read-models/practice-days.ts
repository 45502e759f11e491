import { sql } from 'slonik';
import { localDate, type AnswerSubmittedData } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';
import { isUuid, timeZoneOf } from './learner-profiles.ts';

/**
 * One answer counts for at most 10 minutes of study time: a tab left open overnight is not study.
 * (The response time itself is kept as sent in `attempts`.)
 */
export const STUDY_TIME_CAP_MS = 10 * 60_000;

/**
 * The calendar days on which a student practised, in the student's time zone at the moment of
 * each answer (learner_profiles, default UTC), with the day's answers, correct answers and study
 * time. Streaks are computed from these dates at query time (the query knows "today"); totals of
 * the progress summary are sums over them.
 */
export const practiceDays: ReadModel = {
  name: 'practice-days',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE practice_days (
        user_id uuid NOT NULL,
        local_date date NOT NULL,
        answers integer NOT NULL,
        correct_answers integer NOT NULL,
        study_ms bigint NOT NULL,
        first_answer_at timestamptz NOT NULL,
        last_answer_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, local_date)
      )`,
  ],
  handles: ['AnswerSubmitted'],
  async apply(tx, event) {
    const data = event.data as AnswerSubmittedData;
    if (!isUuid(data.userId)) return;
    const day = localDate(event.metadata.at, await timeZoneOf(tx, data.userId));
    const correct = data.isCorrect ? 1 : 0;
    const study = Math.min(STUDY_TIME_CAP_MS, Math.max(0, data.responseTimeMs));
    await tx.query(sql.unsafe`
      INSERT INTO practice_days (user_id, local_date, answers, correct_answers, study_ms, first_answer_at, last_answer_at)
      VALUES (${data.userId}, ${day}, 1, ${correct}, ${study}, ${event.metadata.at}, ${event.metadata.at})
      ON CONFLICT (user_id, local_date) DO UPDATE SET
        answers = practice_days.answers + 1,
        correct_answers = practice_days.correct_answers + EXCLUDED.correct_answers,
        study_ms = practice_days.study_ms + EXCLUDED.study_ms,
        last_answer_at = EXCLUDED.last_answer_at`);
  },
};
