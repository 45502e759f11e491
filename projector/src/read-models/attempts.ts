import { defineReadModel, isUuid } from '../read-model.ts';
import { attemptsTables } from '../tables/attempts.ts';

/**
 * Every answer (AnswerSubmitted), with its difficulty rating once given (DifficultyRated): the
 * history behind success rates, study time, response times and recent activity. `local_date` is
 * the answer's calendar day in the student's time zone at that moment; `was_review` whether the
 * problem was due for review that day; `first_try` whether it was the problem's first answer in
 * its session (all handed over by the models before it).
 */
export const attempts = defineReadModel({
  name: 'attempts',
  version: 3,
  tables: attemptsTables,
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  keys: (events) => ({ attempts: events.map((event) => [event.data.attemptId]) }),
  apply(event, tables, context) {
    const table = tables.attempts;
    if (event.type === 'AnswerSubmitted') {
      const data = event.data;
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
        was_review: context.reviewFacts.of(event)?.wasReview ?? false,
        first_try: context.answerFacts.of(event)?.firstTry ?? true,
        feedback: data.feedback ?? null,
        answered_at: event.metadata.at,
        local_date: context.localDateOf(event),
        position: event.position,
      });
      return;
    }
    const data = event.data;
    const current = table.get(data.attemptId);
    if (!current || current.difficulty_rating !== null) return;
    table.put({ ...current, difficulty_rating: data.rating, rated_at: event.metadata.at });
  },
});
