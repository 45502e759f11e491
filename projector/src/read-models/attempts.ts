import { type AnswerSubmittedData, type DifficultyRatedData } from '@mathdaily/domain';
import { type ReadModel, isUuid } from '../read-model.ts';

/**
 * Every answer (AnswerSubmitted), with its difficulty rating once given (DifficultyRated): the
 * history behind success rates, study time, response times and recent activity. `local_date` is
 * the answer's calendar day in the student's time zone at that moment; `was_review` whether the
 * problem was due for review that day; `first_try` whether it was the problem's first answer in
 * its session (all handed over by the models before it).
 */
export const attempts: ReadModel = {
  name: 'attempts',
  version: 3,
  tables: [
    {
      name: 'attempts',
      columns: [
        { name: 'attempt_id', type: 'text' },
        { name: 'user_id', type: 'uuid' },
        { name: 'problem_id', type: 'uuid' },
        { name: 'session_id', type: 'text' },
        { name: 'topic', type: 'text' },
        { name: 'topic_id', type: 'text' },
        { name: 'grade', type: 'int2' },
        { name: 'difficulty_level', type: 'int2' },
        { name: 'user_answer', type: 'text' },
        { name: 'is_correct', type: 'bool' },
        { name: 'response_time_ms', type: 'int4' },
        { name: 'hints_used', type: 'int2' },
        { name: 'difficulty_rating', type: 'int2', nullable: true },
        { name: 'rated_at', type: 'timestamptz', nullable: true },
        { name: 'was_review', type: 'bool' },
        /** The problem's first answer in its session (`isFirstTry`); false for a retry. */
        { name: 'first_try', type: 'bool' },
        /** What the checker said beyond right or wrong (units, exactness, form). */
        { name: 'feedback', type: 'text', nullable: true },
        { name: 'answered_at', type: 'timestamptz' },
        { name: 'local_date', type: 'date' },
        { name: 'position', type: 'int8' },
      ],
      primaryKey: ['attempt_id'],
      indexes: [
        'attempts_user_time ON (user_id, answered_at DESC)',
        'attempts_user_problem ON (user_id, problem_id)',
        'attempts_session ON (session_id)',
      ],
    },
  ],
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  keys: (events) => ({ attempts: events.map((event) => [(event.data as { attemptId: string }).attemptId]) }),
  apply(event, tables, context) {
    const table = tables.attempts!;
    if (event.type === 'AnswerSubmitted') {
      const data = event.data as AnswerSubmittedData;
      if (!isUuid(data.userId) || !isUuid(data.problemId) || table.get(data.attemptId)) return;
      table.put({
        attempt_id: data.attemptId,
        user_id: data.userId,
        problem_id: data.problemId,
        session_id: data.sessionId,
        topic: data.topic,
        topic_id: data.topicId,
        grade: data.grade,
        difficulty_level: data.difficultyLevel,
        user_answer: data.userAnswer,
        is_correct: data.isCorrect,
        response_time_ms: data.responseTimeMs,
        hints_used: data.hintsUsed,
        difficulty_rating: null,
        rated_at: null,
        was_review: context.reviewFactsOf(event)?.wasReview ?? false,
        first_try: context.answerFactsOf(event)?.firstTry ?? true,
        feedback: data.feedback ?? null,
        answered_at: event.metadata.at,
        local_date: context.localDateOf(event),
        position: event.position,
      });
      return;
    }
    const data = event.data as DifficultyRatedData;
    const current = table.get(data.attemptId);
    if (!current || current.difficulty_rating !== null) return;
    table.put({ ...current, difficulty_rating: data.rating, rated_at: event.metadata.at });
  },
};
