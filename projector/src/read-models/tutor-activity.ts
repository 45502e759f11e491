import type { AnswerSubmittedData } from '@mathdaily/domain';
import { defineReadModel, isUuid } from '../read-model.ts';
import { tutorActivityTables, type RecentSession } from '../tables/tutor-activity.ts';

/** A session needs this many answers before its accuracy says anything. */
const ACCURACY_MIN_ANSWERS = 5;
/** Alert when a session's accuracy is this far below the average of the previous sessions… */
const ACCURACY_DROP = 0.3;
/** …of which at least 2 (and at most 3) sessions with enough answers are compared. */
const PREVIOUS_SESSIONS = 3;
/** An answer streak is reported at every multiple of this many right answers in a row. */
const STREAK_STEP = 5;
const TOPICS_KEPT = 5;

/** A session row's figures as tutors read them: problems (first tries), right first time, retries. */
type SessionDetails = {
  problems: number;
  correct: number;
  retries: number;
  topics: string[];
};

/**
 * What tutors see happen, and their alerts. `tutor_activity` has one row per happening of a
 * student: a practice session (one row, updated as answers arrive and when it ends, so a session
 * does not flood the list; its figures are the session's counts — problems by their first answer,
 * retries as retries — the same the student's summary shows), an answer streak, an accuracy drop (alert), falling behind (alert,
 * from the scheduled check's StudentFellBehind), joining or being activated. Rows about the
 * relationship name their tutor (`tutor_id`); practice rows (`tutor_id` null) belong to every
 * tutor the student has, joined at query time through `tutor_students`.
 *
 * `position` is the position of the last event that changed the row: it orders the live feed
 * and is the resume cursor of /api/live (a replay writes the same positions). `tutor_learners`
 * keeps per student what the detection needs: the last sessions' tallies, the current streak of
 * right answers and the last answer's time (the students list's Last Active).
 */
export const tutorActivity = defineReadModel({
  name: 'tutor-activity',
  version: 2,
  tables: tutorActivityTables,
  handles: ['AnswerSubmitted', 'PracticeSessionEnded', 'ReferralCodeRedeemed', 'TutorStudentActivated', 'StudentFellBehind', 'StudentJoinedClass', 'TutorStudentRelationshipEnded'],
  keys: (events) => {
    const learners: string[][] = [];
    const activity: string[][] = [];
    for (const event of events) {
      if (event.type !== 'AnswerSubmitted' && event.type !== 'PracticeSessionEnded') continue;
      const data = event.data;
      if (!isUuid(data.userId)) continue;
      learners.push([data.userId]);
      activity.push([data.userId, `session:${data.sessionId}`], [data.userId, `accuracy:${data.sessionId}`]);
    }
    return { tutor_learners: learners, tutor_activity: activity };
  },
  apply(event, tables, context) {
    const learners = tables.tutor_learners;
    const activity = tables.tutor_activity;
    const at = event.metadata.at;
    const position = event.position;
    const happened = (studentId: string, key: string, fields: { tutor_id?: string | null; type: string; alert?: boolean; details: Record<string, unknown> }) =>
      activity.put({ student_id: studentId, activity_key: key, tutor_id: null, alert: false, started_at: at, at, position, ...fields });

    switch (event.type) {
      case 'AnswerSubmitted': {
        const data = event.data;
        if (!isUuid(data.userId)) return;
        const learner = learners.get(data.userId) ?? { student_id: data.userId, correct_streak: 0, recent_sessions: [] };
        // A session's figures count each problem once, by its first answer; a retry is counted as a retry (practice-sessions).
        const firstTry = context.answerFacts.of(event)?.firstTry ?? true;
        const sessions = firstTry ? tallied(learner.recent_sessions, data) : learner.recent_sessions;
        const streak = data.isCorrect ? learner.correct_streak + 1 : 0;
        learners.put({ ...learner, last_active_at: at, open_session_id: data.sessionId, correct_streak: streak, recent_sessions: sessions });

        const sessionKey = `session:${data.sessionId}`;
        const session = activity.get(data.userId, sessionKey);
        // A session's row: its details are a SessionDetails (the column's fields depend on the row's type).
        const details = (session?.details ?? { problems: 0, correct: 0, retries: 0, topics: [] }) as SessionDetails;
        const topics = details.topics.includes(data.topic) ? details.topics : [...details.topics, data.topic].slice(-TOPICS_KEPT);
        activity.put({
          ...(session ?? { student_id: data.userId, activity_key: sessionKey, tutor_id: null, alert: false, started_at: at }),
          type: 'answered',
          details: {
            problems: details.problems + (firstTry ? 1 : 0),
            correct: details.correct + (firstTry && data.isCorrect ? 1 : 0),
            retries: details.retries + (firstTry ? 0 : 1),
            topics,
            last_topic: data.topic,
            last_correct: data.isCorrect,
          },
          at,
          position,
        });

        if (data.isCorrect && streak % STREAK_STEP === 0) happened(data.userId, `streak:${data.attemptId}`, { type: 'answer_streak', details: { streak } });
        const drop = accuracyDrop(sessions, data.sessionId);
        if (drop && !activity.get(data.userId, `accuracy:${data.sessionId}`)) {
          happened(data.userId, `accuracy:${data.sessionId}`, { type: 'accuracy_drop', alert: true, details: drop });
        }
        return;
      }
      case 'PracticeSessionEnded': {
        const data = event.data;
        if (!isUuid(data.userId)) return;
        const learner = learners.get(data.userId);
        if (learner?.open_session_id === data.sessionId) learners.put({ ...learner, open_session_id: null });
        const session = activity.get(data.userId, `session:${data.sessionId}`);
        // A session ended without answers is not news for a tutor. Its figures are the event's own
        // (`sessionCounts`, the same the tally made), at the time it ended (an abandoned one's last activity).
        if (session) {
          const details = {
            ...session.details,
            problems: data.problemsCompleted,
            correct: data.correctAnswers,
            retries: data.retries,
            correct_on_retry: data.correctOnRetry,
            ended: data.reason,
          };
          activity.put({ ...session, type: 'session_completed', details, at: data.endedAt, position });
        }
        return;
      }
      case 'ReferralCodeRedeemed': {
        const data = event.data;
        happened(data.studentId, `joined:${event.id}`, {
          tutor_id: data.tutorId,
          type: data.via === 'registration' ? 'student_joined' : 'referral_used',
          details: { code: data.code },
        });
        return;
      }
      case 'StudentJoinedClass': {
        const data = event.data;
        // Put in by the tutor: they know already.
        if (data.via !== 'tutor') happened(data.studentId, `joined:${event.id}`, { tutor_id: data.tutorId, type: 'class_joined', details: { class_id: data.classId } });
        return;
      }
      case 'TutorStudentRelationshipEnded': {
        const data = event.data;
        happened(data.studentId, `ended:${event.id}`, { tutor_id: data.tutorId, type: 'relationship_ended', details: { reason: data.reason } });
        return;
      }
      case 'TutorStudentActivated': {
        const data = event.data;
        happened(data.studentId, `activated:${event.id}`, { tutor_id: data.tutorId, type: 'student_activated', details: {} });
        return;
      }
      case 'StudentFellBehind': {
        const data = event.data;
        happened(data.studentId, `fell-behind:${event.id}`, {
          tutor_id: data.tutorId,
          type: 'fell_behind',
          alert: true,
          details: { reasons: data.reasons, overdue_reviews: data.overdueReviews, last_practice_at: data.lastPracticeAt },
        });
        return;
      }
    }
  },
});

/** The last sessions' tallies with this first try counted (the newest last). */
function tallied(sessions: readonly RecentSession[], answer: AnswerSubmittedData): RecentSession[] {
  const correct = answer.isCorrect ? 1 : 0;
  const current = sessions.find((session) => session.session_id === answer.sessionId);
  const others = sessions.filter((session) => session !== current);
  const updated = current
    ? { ...current, answers: current.answers + 1, correct: current.correct + correct }
    : { session_id: answer.sessionId, answers: 1, correct };
  return [...others, updated].slice(-(PREVIOUS_SESSIONS + 1));
}

/** The session's accuracy against the previous sessions' average, when it dropped by ACCURACY_DROP or more. */
function accuracyDrop(
  sessions: readonly RecentSession[],
  sessionId: string,
): { accuracy: number; previous_accuracy: number; answers: number; sessions_compared: number } | null {
  const current = sessions.find((session) => session.session_id === sessionId);
  if (!current || current.answers < ACCURACY_MIN_ANSWERS) return null;
  const previous = sessions.filter((session) => session !== current && session.answers >= ACCURACY_MIN_ANSWERS).slice(-PREVIOUS_SESSIONS);
  if (previous.length < 2) return null;
  const before = previous.reduce((sum, session) => sum + session.correct / session.answers, 0) / previous.length;
  const now = current.correct / current.answers;
  if (before - now < ACCURACY_DROP) return null;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { accuracy: round(now), previous_accuracy: round(before), answers: current.answers, sessions_compared: previous.length };
}
