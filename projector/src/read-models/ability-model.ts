import { sql } from 'slonik';
import { z } from 'zod';
import { difficultyPrior, eloUpdate, ratingNudge, type AnswerSubmittedData, type DifficultyRatedData } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';
import { isUuid } from './learner-profiles.ts';

/**
 * Parameters of the domain's ability model (Elo with uncertainty, docs/learning-model.md §4), one
 * row per student (global ability), per (student, topic) and per problem (difficulty), updated
 * answer by answer with `eloUpdate` and nudged by ratings with `ratingNudge`. A problem nobody has
 * answered has no row: its difficulty is `difficultyPrior(difficulty_level)`. The due queue
 * predicts success with `predictFromParameters` over these rows.
 */
export const abilityModel: ReadModel = {
  name: 'ability-model',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE ability_students (
        user_id uuid PRIMARY KEY,
        ability double precision NOT NULL,
        updates integer NOT NULL
      )`,
    sql.unsafe`
      CREATE TABLE ability_student_topics (
        user_id uuid NOT NULL,
        topic_id text NOT NULL,
        ability double precision NOT NULL,
        updates integer NOT NULL,
        PRIMARY KEY (user_id, topic_id)
      )`,
    sql.unsafe`
      CREATE TABLE ability_problems (
        problem_id uuid PRIMARY KEY,
        difficulty_level smallint NOT NULL,
        difficulty double precision NOT NULL,
        attempts integer NOT NULL,
        ratings integer NOT NULL
      )`,
  ],
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  async apply(tx, event) {
    if (event.type === 'AnswerSubmitted') {
      const data = event.data as AnswerSubmittedData;
      if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
      // One query at a time: a transaction is one connection.
      const student = await tx.maybeOne(sql.type(entity)`
        SELECT ability AS value, updates FROM ability_students WHERE user_id = ${data.userId}`);
      const topic = await tx.maybeOne(sql.type(entity)`
        SELECT ability AS value, updates FROM ability_student_topics WHERE user_id = ${data.userId} AND topic_id = ${data.topicId}`);
      const problem = await tx.maybeOne(sql.type(entity)`
        SELECT difficulty AS value, attempts AS updates FROM ability_problems WHERE problem_id = ${data.problemId}`);
      const next = eloUpdate({
        studentAbility: student?.value ?? 0,
        studentCount: student?.updates ?? 0,
        topicAbility: topic?.value ?? 0,
        topicCount: topic?.updates ?? 0,
        problemDifficulty: problem?.value ?? difficultyPrior(data.difficultyLevel),
        problemCount: problem?.updates ?? 0,
        isCorrect: data.isCorrect,
      });
      await tx.query(sql.unsafe`
        INSERT INTO ability_students (user_id, ability, updates) VALUES (${data.userId}, ${next.studentAbility}, ${next.studentCount})
        ON CONFLICT (user_id) DO UPDATE SET ability = EXCLUDED.ability, updates = EXCLUDED.updates`);
      await tx.query(sql.unsafe`
        INSERT INTO ability_student_topics (user_id, topic_id, ability, updates)
        VALUES (${data.userId}, ${data.topicId}, ${next.topicAbility}, ${next.topicCount})
        ON CONFLICT (user_id, topic_id) DO UPDATE SET ability = EXCLUDED.ability, updates = EXCLUDED.updates`);
      await tx.query(sql.unsafe`
        INSERT INTO ability_problems (problem_id, difficulty_level, difficulty, attempts, ratings)
        VALUES (${data.problemId}, ${data.difficultyLevel}, ${next.problemDifficulty}, ${next.problemCount}, 0)
        ON CONFLICT (problem_id) DO UPDATE SET difficulty = EXCLUDED.difficulty, attempts = EXCLUDED.attempts`);
      return;
    }
    if (event.type === 'DifficultyRated') {
      const data = event.data as DifficultyRatedData;
      if (!isUuid(data.problemId)) return;
      // The rated answer created the row (a rating always follows its answer).
      const problem = await tx.maybeOne(sql.type(entity)`
        SELECT difficulty AS value, attempts AS updates FROM ability_problems WHERE problem_id = ${data.problemId}`);
      if (!problem) return;
      const difficulty = ratingNudge({ problemDifficulty: problem.value, problemCount: problem.updates, rating: data.rating });
      await tx.query(sql.unsafe`
        UPDATE ability_problems SET difficulty = ${difficulty}, ratings = ratings + 1 WHERE problem_id = ${data.problemId}`);
    }
  },
};

const entity = z.object({ value: z.number(), updates: z.number() });
