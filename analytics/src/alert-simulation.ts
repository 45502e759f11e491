/**
 * A simulated class to measure the tutor alerts (issue 32 item 6, docs/tutor-area.md "How the
 * alerts were measured"). Students' hidden state (ability, hard stretches, days off) decides what
 * they answer; the practice decider records it and the session queue decides what comes next (a
 * missed problem comes back, as in the product). The alerts only see the events the decider
 * produces, through the product's own functions: the live learner fold and needsHelpOf, and
 * fellBehindReasons checked every 15 minutes.
 * Ground truth comes from the hidden state, never from re-running a rule:
 * - needs help: a "hard stretch" — the student meets problems above their ability and gets
 *   ≤ 20 % right or sits on one; an alert (the flag going up) counts as right when it goes up
 *   during a hard stretch; a stretch counts as found when the flag went up during it.
 * - fell behind: a break the student took of ≥ 2 whole days without practice; an alert is right
 *   when it fires during such a break; a break is found when an alert fired during it.
 * Seeded (mulberry32): no Math.random, the same figures every run.
 */
import {
  evolveLiveLearner,
  initialLiveLearner,
  needsHelpOf,
  fellBehindReasons,
  practiceDecider,
  sessionQueue,
  LIVE_PRACTICE_EVENTS,
  type AnsweredProblem,
  type LiveLearner,
  type LivePracticeEvent,
  type PracticeCommand,
  type PracticeEvent,
} from '@mathdaily/domain';
import { mulberry32 } from '@mathdaily/domain/problems/random';

const MINUTE = 60_000;
const DAY = 86_400_000;
const CHECK_MS = 15 * MINUTE;

/** Every simulated problem asks for 12: the decider's own checker marks the answers. */
const SIMULATED_PROBLEM: AnsweredProblem = {
  id: '',
  topic: '',
  topic_id: 'simulated',
  grade: 5,
  difficulty_level: 3,
  problem_type: 'numeric',
  correct_answer: '12',
  answer_form: { kind: 'number' },
  answer_options: null,
};

const isLiveEvent = (event: PracticeEvent): boolean => (LIVE_PRACTICE_EVENTS as readonly string[]).includes(event.type);

interface AlertScore {
  precision: number;
  recall: number;
  alerts: number;
  truths: number;
}
export interface AlertFigures {
  needsHelp: AlertScore;
  fellBehind: AlertScore;
}

const score = (rightAlerts: number, alerts: number, found: number, truths: number): AlertScore => ({
  precision: alerts === 0 ? 1 : rightAlerts / alerts,
  recall: truths === 0 ? 1 : found / truths,
  alerts,
  truths,
});

export function simulateClassAlerts({ students = 200, days = 10, seed = 32 }: { students?: number; days?: number; seed?: number } = {}): AlertFigures {
  const random = mulberry32(seed);
  const start = Date.UTC(2026, 0, 5);
  const help = { right: 0, alerts: 0, found: 0, truths: 0 };
  const behind = { right: 0, alerts: 0, found: 0, truths: 0 };

  for (let s = 0; s < students; s += 1) {
    // Days off: a student who takes a break skips 2-4 whole days in a row; others skip a day now and then.
    const practises: boolean[] = Array.from({ length: days }, () => random() < 0.9);
    if (random() < 0.3) {
      const from = 1 + Math.floor(random() * (days - 4));
      const length = 2 + Math.floor(random() * 3);
      for (let d = from; d < Math.min(days, from + length); d += 1) practises[d] = false;
    }
    let learner: LiveLearner = initialLiveLearner();
    const events: { at: number; event: LivePracticeEvent }[] = [];
    const stretches: { from: number; to: number; flagged: boolean }[] = [];
    const ability = random();
    let practice = practiceDecider.initialState();
    const decide = (command: PracticeCommand, at: number) => {
      for (const event of practiceDecider.decide(command, practice)) {
        practice = practiceDecider.evolve(practice, event);
        if (isLiveEvent(event)) events.push({ at, event: { ...event, at: '' } as LivePracticeEvent });
      }
    };
    const userId = `student-${s}`;
    for (let d = 0; d < days; d += 1) {
      if (!practises[d]) continue;
      const sessionId = `s${s}-${d}`;
      let t = start + d * DAY + (15 + random() * 5) * 3_600_000; // after school, 15:00-20:00 UTC
      // The plan: 10-19 problems; now and then (more often for weaker students) a hard stretch of
      // 4-6 problems well above the student's ability.
      const plan: { id: string; stretch: { from: number; to: number; flagged: boolean } | null }[] = [];
      const size = 10 + Math.floor(random() * 10);
      for (let hardLeft = 0, stretch = null as (typeof plan)[number]['stretch']; plan.length < size; ) {
        if (hardLeft === 0 && random() < 0.04 + 0.06 * (1 - ability)) {
          hardLeft = 4 + Math.floor(random() * 3);
          stretch = { from: Infinity, to: 0, flagged: false };
          stretches.push(stretch);
        }
        plan.push({ id: `${sessionId}-p${plan.length}`, stretch: hardLeft > 0 ? stretch : null });
        if (hardLeft > 0) hardLeft -= 1;
      }
      const stretchOf = new Map(plan.map((p) => [p.id, p.stretch]));
      decide({ type: 'StartSession', data: { userId, sessionId, mode: 'daily', problemIds: plan.map((p) => p.id) } }, t);
      // The session asks its plan in the product's order: a problem missed at the first try comes back RETRY_AFTER problems later.
      const answers: { problemId: string; isCorrect: boolean }[] = [];
      for (;;) {
        const queue = sessionQueue(plan.map((p) => p.id), answers);
        const item = queue.items[queue.next];
        if (!item) break;
        // A stretch lasts from its first problem on screen to the answer to its last (retries included).
        const stretch = stretchOf.get(item.problemId) ?? null;
        const hard = stretch !== null;
        if (stretch) stretch.from = Math.min(stretch.from, t);
        const stuck = hard && random() < 0.25; // sits on the problem
        const seconds = stuck ? 330 + random() * 300 : hard ? 60 + random() * 120 : 20 + random() * 70;
        t += seconds * 1000;
        const isCorrect = random() < (hard ? 0.15 : 0.75 + 0.2 * ability);
        const problem = { ...SIMULATED_PROBLEM, id: item.problemId, topic: hard ? 'hard' : 'usual' };
        decide({ type: 'SubmitAnswer', data: { attemptId: `${item.problemId}-${answers.length}`, sessionId, userId, problem, userAnswer: isCorrect ? '12' : '13', responseTimeMs: Math.round(seconds * 1000) } }, t);
        answers.push({ problemId: item.problemId, isCorrect });
        if (stretch) stretch.to = Math.max(stretch.to, t);
      }
      decide({ type: 'EndSession', data: { userId, sessionId, at: new Date(t + 5_000).toISOString() } }, t + 5_000);
    }

    // needs help: replay the events and look at the flag every minute, as the live view would.
    let flagged = false;
    let next = 0;
    const end = start + days * DAY;
    const sessionTimes = events.filter((e) => e.event.type === 'PracticeSessionStarted').map((e) => e.at);
    for (const sessionStart of sessionTimes) {
      for (let now = sessionStart; now < sessionStart + 3 * 3_600_000; now += MINUTE) {
        for (let due = events[next]; due && due.at <= now; due = events[next]) {
          const { at, event } = due;
          learner = evolveLiveLearner(learner, { ...event, at: new Date(at).toISOString() } as LivePracticeEvent);
          next += 1;
        }
        const up = needsHelpOf(learner, new Date(now)) !== null;
        if (up && !flagged) {
          help.alerts += 1;
          // A stretch is still on while the student is on its last problem (until the answer after it).
          const stretch = stretches.find((x) => x.from <= now && now <= x.to + 5 * MINUTE);
          if (stretch) {
            help.right += 1;
            stretch.flagged = true;
          }
        }
        flagged = up;
        if (learner.sessionId === null && events[next - 1]?.event.type === 'PracticeSessionEnded') break;
      }
    }
    help.truths += stretches.length;
    help.found += stretches.filter((x) => x.flagged).length;

    // fell behind: the 15-minute check on the answers seen so far, once per quiet spell.
    const answers = events.filter((e) => e.event.type === 'AnswerSubmitted').map((e) => e.at);
    const breaks: { from: number; to: number; flagged: boolean }[] = [];
    for (let d = 0; d < days; d += 1) {
      if (practises[d] || (d > 0 && !practises[d - 1])) continue;
      let to = d;
      while (to < days && !practises[to]) to += 1;
      if (to - d >= 2) breaks.push({ from: start + d * DAY, to: start + to * DAY + DAY, flagged: false });
    }
    let reportedFor: number | null | undefined;
    let seen = 0;
    for (let now = start; now < end; now += CHECK_MS) {
      while (seen < answers.length && (answers[seen] ?? Infinity) <= now) seen += 1;
      const last = answers[seen - 1] ?? null;
      if (last === reportedFor) continue;
      if (fellBehindReasons({ lastPracticeAt: last === null ? null : new Date(last).toISOString(), activeSince: new Date(start).toISOString(), overdueReviews: 0, timeZone: 'UTC' }, new Date(now)).length > 0) {
        reportedFor = last;
        behind.alerts += 1;
        const inBreak = breaks.find((b) => b.from <= now && now <= b.to);
        if (inBreak) {
          behind.right += 1;
          inBreak.flagged = true;
        }
      }
    }
    behind.truths += breaks.length;
    behind.found += breaks.filter((b) => b.flagged).length;
  }
  return { needsHelp: score(help.right, help.alerts, help.found, help.truths), fellBehind: score(behind.right, behind.alerts, behind.found, behind.truths) };
}
