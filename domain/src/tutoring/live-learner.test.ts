import { describe, expect, it } from 'vitest';
import { evolveLiveLearner, initialLiveLearner, liveStatusOf, needsHelpOf, type LivePracticeEvent } from './live-learner.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 9, 0) + minutes * 60_000).toISOString();
const fold = (events: LivePracticeEvent[]) => events.reduce(evolveLiveLearner, initialLiveLearner());
const answer = (minute: number, isCorrect: boolean, session = 's1'): LivePracticeEvent => ({ type: 'AnswerSubmitted', data: { sessionId: session, isCorrect, topic: 'Fractions' }, at: at(minute) });
const rated = (minute: number, session = 's1'): LivePracticeEvent => ({ type: 'DifficultyRated', data: { sessionId: session }, at: at(minute) });
const startOfToday = new Date(Date.UTC(2026, 2, 2));

describe('the live view of one student', () => {
  it('counts right and wrong in this session; a new session starts the counts again', () => {
    const state = fold([{ type: 'PracticeSessionStarted', data: { sessionId: 's1' }, at: at(0) }, answer(1, true), rated(1), answer(2, false), rated(2)]);
    expect(state).toMatchObject({ sessionId: 's1', right: 1, wrong: 1, topic: 'Fractions', missStreak: 1 });
    expect(fold([answer(1, true), answer(2, false), answer(30, true, 's2')])).toMatchObject({ sessionId: 's2', right: 1, wrong: 0 });
  });

  it('practising now, idle, not started today', () => {
    const state = fold([answer(1, true)]);
    expect(liveStatusOf(initialLiveLearner(), new Date(at(5)), startOfToday)).toBe('not_started');
    expect(liveStatusOf(state, new Date(at(5)), startOfToday)).toBe('practising');
    expect(liveStatusOf(state, new Date(at(11)), startOfToday)).toBe('idle');
    expect(liveStatusOf(fold([answer(1, true), { type: 'PracticeSessionEnded', data: { sessionId: 's1' }, at: at(2) }]), new Date(at(3)), startOfToday)).toBe('idle');
    expect(liveStatusOf(state, new Date(at(60 * 24)), new Date(Date.UTC(2026, 2, 3)))).toBe('not_started');
  });

  it('needs help after 3 misses in a row (until a right answer) or 5 minutes on one problem (until they answer)', () => {
    const missed = fold([answer(1, false), rated(1), answer(2, false), rated(2), answer(3, false)]);
    expect(needsHelpOf(missed, new Date(at(3)))).toEqual({ reason: 'misses', since: at(3), misses: 3 });
    expect(needsHelpOf(fold([answer(1, false), answer(2, false), answer(3, true)]), new Date(at(3)))).toBeNull();
    expect(needsHelpOf(fold([answer(1, false), answer(2, false)]), new Date(at(3)))).toBeNull();
    const onOne = fold([answer(1, true), rated(1)]);
    expect(needsHelpOf(onOne, new Date(at(5.9)))).toBeNull();
    expect(needsHelpOf(onOne, new Date(at(6)))).toEqual({ reason: 'time', since: at(6), minutes: 5 });
    expect(needsHelpOf(fold([answer(1, true), rated(1), answer(7, true)]), new Date(at(7)))).toBeNull();
    // Nobody is flagged who is not practising now (gone for 10 minutes, or the session ended).
    expect(needsHelpOf(missed, new Date(at(14)))).toBeNull();
  });
});
