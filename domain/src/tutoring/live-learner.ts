/**
 * What a teacher's live class view knows about one student's practice right now, folded from their
 * practice events (time from each event's `at`), and the "needs help" rule read from it at a given
 * moment. The projector keeps the fold (read model live_learners), the query and the browser read
 * it with `liveStatusOf` and `needsHelpOf`, and the alert simulation (analytics/src/alert-simulation.ts)
 * measures the same functions: one rule everywhere.
 */

/** Wrong answers in a row, in one session, after which a student may need help. */
const NEEDS_HELP_MISSES = 3;
/** Time on the problem on screen after which a student may need help. */
const NEEDS_HELP_MS = 5 * 60_000;
/** A student with an open session and something done in this window is practising now (as the students list says). */
export const PRACTISING_WINDOW_MS = 10 * 60_000;

export interface LiveLearner {
  /** The open session (null once it ended). */
  sessionId: string | null;
  sessionStartedAt: string | null;
  /** When the problem now on screen appeared: the session's start, or the last answer or rating. */
  problemSince: string | null;
  /** The last practice event of any kind (a hint counts). */
  lastEventAt: string | null;
  /** Topic of the last answer. */
  topic: string | null;
  /** This session's answers. */
  right: number;
  wrong: number;
  /** Wrong answers in a row in this session. */
  missStreak: number;
  /** When the miss streak reached NEEDS_HELP_MISSES (null below it). */
  missesSince: string | null;
  lastAnswerAt: string | null;
}

export const initialLiveLearner = (): LiveLearner => ({
  sessionId: null,
  sessionStartedAt: null,
  problemSince: null,
  lastEventAt: null,
  topic: null,
  right: 0,
  wrong: 0,
  missStreak: 0,
  missesSince: null,
  lastAnswerAt: null,
});

export type LivePracticeEvent =
  | { type: 'PracticeSessionStarted'; data: { sessionId: string }; at: string }
  | { type: 'HintOpened'; data: { sessionId: string }; at: string }
  | { type: 'AnswerSubmitted'; data: { sessionId: string; isCorrect: boolean; topic: string }; at: string }
  | { type: 'DifficultyRated'; data: { sessionId: string }; at: string }
  | { type: 'PracticeSessionEnded'; data: { sessionId: string }; at: string };

export const LIVE_PRACTICE_EVENTS: readonly LivePracticeEvent['type'][] = ['PracticeSessionStarted', 'HintOpened', 'AnswerSubmitted', 'DifficultyRated', 'PracticeSessionEnded'];

/** A session the state has not seen yet: counts start again (a student works in one session at a time). */
function inSession(state: LiveLearner, sessionId: string, at: string): LiveLearner {
  if (state.sessionId === sessionId) return state;
  return { ...initialLiveLearner(), topic: state.topic, lastAnswerAt: state.lastAnswerAt, sessionId, sessionStartedAt: at, problemSince: at };
}

export function evolveLiveLearner(state: LiveLearner, event: LivePracticeEvent): LiveLearner {
  const at = event.at;
  switch (event.type) {
    case 'PracticeSessionStarted':
      return { ...inSession(state, event.data.sessionId, at), lastEventAt: at };
    case 'HintOpened':
      return { ...inSession(state, event.data.sessionId, at), lastEventAt: at };
    case 'AnswerSubmitted': {
      const current = inSession(state, event.data.sessionId, at);
      const missStreak = event.data.isCorrect ? 0 : current.missStreak + 1;
      return {
        ...current,
        problemSince: at,
        lastEventAt: at,
        lastAnswerAt: at,
        topic: event.data.topic,
        right: current.right + (event.data.isCorrect ? 1 : 0),
        wrong: current.wrong + (event.data.isCorrect ? 0 : 1),
        missStreak,
        missesSince: missStreak >= NEEDS_HELP_MISSES ? (current.missesSince ?? at) : null,
      };
    }
    case 'DifficultyRated':
      if (state.sessionId !== event.data.sessionId) return state;
      return { ...state, problemSince: at, lastEventAt: at };
    case 'PracticeSessionEnded':
      if (state.sessionId !== event.data.sessionId) return state;
      return { ...state, sessionId: null, problemSince: null, lastEventAt: at };
  }
}

export type LiveStatus = 'practising' | 'idle' | 'not_started';

/**
 * Practising now: an open session with something done in the last 10 minutes. Idle: practised
 * today (since `startOfToday`, the class's midnight) but not now. Not started: nothing today.
 */
export function liveStatusOf(state: LiveLearner, now: Date, startOfToday: Date): LiveStatus {
  const last = state.lastEventAt === null ? null : Date.parse(state.lastEventAt);
  if (last === null || last < startOfToday.getTime()) return 'not_started';
  if (state.sessionId !== null && now.getTime() - last < PRACTISING_WINDOW_MS) return 'practising';
  return 'idle';
}

export type NeedsHelp = { reason: 'misses'; since: string; misses: number } | { reason: 'time'; since: string; minutes: number };

/**
 * A student practising now may need help after NEEDS_HELP_MISSES wrong answers in a row in the
 * session (until a right answer), or after NEEDS_HELP_MS on the problem on screen (until they
 * answer it). `since`: when the flag went up. Nobody needs help who is not practising now.
 */
export function needsHelpOf(state: LiveLearner, now: Date): NeedsHelp | null {
  if (state.sessionId === null || state.lastEventAt === null || now.getTime() - Date.parse(state.lastEventAt) >= PRACTISING_WINDOW_MS) return null;
  if (state.missesSince !== null) return { reason: 'misses', since: state.missesSince, misses: state.missStreak };
  if (state.problemSince !== null) {
    const onProblem = now.getTime() - Date.parse(state.problemSince);
    if (onProblem >= NEEDS_HELP_MS) return { reason: 'time', since: new Date(Date.parse(state.problemSince) + NEEDS_HELP_MS).toISOString(), minutes: Math.floor(onProblem / 60_000) };
  }
  return null;
}
