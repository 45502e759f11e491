import { sql } from 'slonik';
import { localDate, type AnswerSubmittedData, type DifficultyRatedData } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';
import { isUuid, timeZoneOf } from './learner-profiles.ts';
import { reviewFactsFor } from './review-states.ts';

/**
 * Every answer (AnswerSubmitted), with its difficulty rating once given (DifficultyRated): the
 * history behind success rates, study time, response times and recent activity. `local_date` is
 * the answer's calendar day in the student's time zone at that moment; `was_review` whether the
 * problem was due for review that day (from review-states, applied before this model).
 */
export const attempts: ReadModel = {
  name: 'attempts',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE attempts (
        attempt_id text PRIMARY KEY,
        user_id uuid NOT NULL,
        problem_id uuid NOT NULL,
        session_id text NOT NULL,
        topic text NOT NULL,
        topic_id text NOT NULL,
        grade smallint NOT NULL,
        difficulty_level smallint NOT NULL,
        user_answer text NOT NULL,
        is_correct boolean NOT NULL,
        response_time_ms integer NOT NULL,
        hints_used smallint NOT NULL,
        difficulty_rating smallint,
        rated_at timestamptz,
        was_review boolean NOT NULL,
        answered_at timestamptz NOT NULL,
        local_date date NOT NULL,
        position bigint NOT NULL
      )`,
    sql.unsafe`CREATE INDEX attempts_user_time ON attempts (user_id, answered_at DESC)`,
    sql.unsafe`CREATE INDEX attempts_user_problem ON attempts (user_id, problem_id)`,
    sql.unsafe`CREATE INDEX attempts_session ON attempts (session_id)`,
  ],
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  async apply(tx, event) {
    if (event.type === 'AnswerSubmitted') {
      const data = event.data as AnswerSubmittedData;
      if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
      const facts = await reviewFactsFor(tx, event, data.userId, data.problemId);
      const day = localDate(event.metadata.at, await timeZoneOf(tx, data.userId));
      await tx.query(sql.unsafe`
        INSERT INTO attempts (
          attempt_id, user_id, problem_id, session_id, topic, topic_id, grade, difficulty_level, user_answer, is_correct,
          response_time_ms, hints_used, was_review, answered_at, local_date, position
        ) VALUES (
          ${data.attemptId}, ${data.userId}, ${data.problemId}, ${data.sessionId}, ${data.topic}, ${data.topicId}, ${data.grade},
          ${data.difficultyLevel}, ${data.userAnswer}, ${data.isCorrect}, ${data.responseTimeMs}, ${data.hintsUsed},
          ${facts?.wasReview ?? false}, ${event.metadata.at}, ${day}, ${event.position.toString()}::bigint
        )
        ON CONFLICT (attempt_id) DO NOTHING`);
      return;
    }
    if (event.type === 'DifficultyRated') {
      const data = event.data as DifficultyRatedData;
      await tx.query(sql.unsafe`
        UPDATE attempts SET difficulty_rating = ${data.rating}, rated_at = ${event.metadata.at}
        WHERE attempt_id = ${data.attemptId} AND difficulty_rating IS NULL`);
    }
  },
};
