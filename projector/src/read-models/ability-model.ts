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
  version: 2,
  tables: [
    {
      name: 'ability_students',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'ability', type: 'float8' },
        { name: 'updates', type: 'int4' },
      ],
      primaryKey: ['user_id'],
    },
    {
      name: 'ability_student_topics',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'topic_id', type: 'text' },
        { name: 'ability', type: 'float8' },
        { name: 'updates', type: 'int4' },
      ],
      primaryKey: ['user_id', 'topic_id'],
    },
    {
      name: 'ability_problems',
      columns: [
        { name: 'problem_id', type: 'uuid' },
        { name: 'difficulty_level', type: 'int2' },
        { name: 'difficulty', type: 'float8' },
        { name: 'attempts', type: 'int4' },
        { name: 'ratings', type: 'int4' },
      ],
      primaryKey: ['problem_id'],
    },
  ],
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  keys: (events) => {
    const answers = events.filter((event) => event.type === 'AnswerSubmitted').map((event) => event.data as AnswerSubmittedData);
    const valid = answers.filter((data) => isUuid(data.userId) && isUuid(data.problemId));
    return {
      ability_students: valid.map((data) => [data.userId]),
      ability_student_topics: valid.map((data) => [data.userId, data.topicId]),
      ability_problems: events.flatMap((event) => {
        const problemId = (event.data as { problemId: unknown }).problemId;
        return isUuid(problemId) ? [[problemId]] : [];
      }),
    };
  },
  apply(event, tables) {
    const students = tables.ability_students!;
    const topics = tables.ability_student_topics!;
    const problems = tables.ability_problems!;
    if (event.type === 'AnswerSubmitted') {
      const data = event.data as AnswerSubmittedData;
      if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
      const student = students.get(data.userId);
      const topic = topics.get(data.userId, data.topicId);
      const problem = problems.get(data.problemId);
      const next = eloUpdate({
        studentAbility: (student?.ability as number | undefined) ?? 0,
        studentCount: (student?.updates as number | undefined) ?? 0,
        topicAbility: (topic?.ability as number | undefined) ?? 0,
        topicCount: (topic?.updates as number | undefined) ?? 0,
        problemDifficulty: (problem?.difficulty as number | undefined) ?? difficultyPrior(data.difficultyLevel),
        problemCount: (problem?.attempts as number | undefined) ?? 0,
        isCorrect: data.isCorrect,
      });
      students.put({ user_id: data.userId, ability: next.studentAbility, updates: next.studentCount });
      topics.put({ user_id: data.userId, topic_id: data.topicId, ability: next.topicAbility, updates: next.topicCount });
      problems.put({
        problem_id: data.problemId,
        // An existing row keeps its level and rating count (the old upsert updated difficulty and attempts only).
        difficulty_level: (problem?.difficulty_level as number | undefined) ?? data.difficultyLevel,
        difficulty: next.problemDifficulty,
        attempts: next.problemCount,
        ratings: (problem?.ratings as number | undefined) ?? 0,
      });
      return;
    }
    const data = event.data as DifficultyRatedData;
    if (!isUuid(data.problemId)) return;
    // The rated answer created the row (a rating always follows its answer).
    const problem = problems.get(data.problemId);
    if (!problem) return;
    problems.put({
      ...problem,
      difficulty: ratingNudge({ problemDifficulty: problem.difficulty as number, problemCount: problem.attempts as number, rating: data.rating }),
      ratings: (problem.ratings as number) + 1,
    });
  },
};
