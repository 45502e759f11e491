import { isFirstTry, sessionCounts, tallyAnswer, type SessionTally } from '@mathdaily/domain';
import { defineReadModel, isUuid } from '../read-model.ts';
import type { RowInput } from '../tables/index.ts';
import { practiceSessionsTables } from '../tables/practice-sessions.ts';

type SessionRow = RowInput<'practice_sessions'>;

/**
 * One row per practice session (docs/practice-loop.md "Sessions"): its plan (the problems in
 * order, "Keep going" included), the hints opened, the answers tallied as the domain counts them
 * (`tallyAnswer`, `sessionCounts`: first tries scored, retries counted as such), when it started,
 * its last activity, and when and why it ended. The resume query continues an open session from
 * it, the idle check finds abandoned sessions in it (`practice_sessions_open`), the admin dashboard
 * sums the day's sessions, and the summary's counts are its columns.
 *
 * It tells the models after it, through the batch context, whether each answer was the problem's
 * first in its session (`answerFacts`): practice-days, attempts and tutor-activity count first
 * tries and retries by the same definition.
 */
export const practiceSessions = defineReadModel({
  name: 'practice-sessions',
  version: 1,
  tables: practiceSessionsTables,
  handles: ['PracticeSessionStarted', 'PracticeSessionExtended', 'HintOpened', 'AnswerSubmitted', 'DifficultyRated', 'PracticeSessionEnded'],
  keys: (events) => ({
    practice_sessions: events.flatMap((event) => {
      const data = event.data;
      return isUuid(data.userId) && typeof data.sessionId === 'string' ? [[data.sessionId]] : [];
    }),
  }),
  apply(event, tables, context) {
    const table = tables.practice_sessions;
    const data = event.data;
    // A rating may name no session (rate-difficulty's session_id is optional): nothing to update.
    if (!isUuid(data.userId) || typeof data.sessionId !== 'string') {
      if (event.type === 'AnswerSubmitted') context.answerFacts.set(event, null);
      return;
    }
    const at = event.metadata.at;
    const row = table.get(data.sessionId) ?? newSession(data.userId, data.sessionId, at);
    switch (event.type) {
      case 'PracticeSessionStarted': {
        const started = event.data;
        table.put({ ...row, mode: started.mode, topic_id: started.topicId, problem_ids: started.problemIds, started_at: at, last_activity_at: at });
        return;
      }
      case 'PracticeSessionExtended': {
        const extended = event.data;
        table.put({ ...row, problem_ids: [...row.problem_ids, ...extended.problemIds], last_activity_at: at });
        return;
      }
      case 'HintOpened': {
        const { problemId } = event.data;
        const hints = row.hints;
        table.put({ ...row, hints: hints.includes(problemId) ? hints : [...hints, problemId], last_activity_at: at });
        return;
      }
      case 'AnswerSubmitted': {
        const answer = event.data;
        const before = row.tally;
        context.answerFacts.set(event, { firstTry: isFirstTry(before, answer.problemId) });
        const tally = tallyAnswer(before, answer);
        table.put({ ...row, tally, ...countColumns(tally), last_activity_at: at });
        return;
      }
      case 'DifficultyRated':
        table.put({ ...row, last_activity_at: at });
        return;
      case 'PracticeSessionEnded': {
        const ended = event.data;
        if (row.ended_at !== null) return;
        // The counts stay the tally's (the same function made the event's); the end is the event's own time.
        table.put({ ...row, ended_at: ended.endedAt, end_reason: ended.reason });
        return;
      }
    }
  },
});

function newSession(userId: string, sessionId: string, at: string): SessionRow {
  return {
    session_id: sessionId,
    user_id: userId,
    mode: 'daily',
    topic_id: null,
    problem_ids: [],
    hints: [],
    tally: [],
    ...countColumns([]),
    started_at: at,
    last_activity_at: at,
    ended_at: null,
    end_reason: null,
  };
}

function countColumns(tally: SessionTally): Pick<SessionRow, 'problems_completed' | 'correct_answers' | 'retries' | 'correct_on_retry'> {
  const counts = sessionCounts(tally);
  return {
    problems_completed: counts.problemsCompleted,
    correct_answers: counts.correctAnswers,
    retries: counts.retries,
    correct_on_retry: counts.correctOnRetry,
  };
}
