/**
 * Decider of the placement stream `placement-{userId}`: the adaptive check that sets a student's
 * starting grade (placement.ts has the estimate; docs/learning-model.md "Placement").
 *
 * Rules
 * - StartPlacement: starts a check with the command's seed and the student's stated grade (the
 *   prior; without one, the grade the last finished check gave). Starting the check in progress again (same id) emits nothing; another id while one is
 *   in progress starts afresh (the unfinished one is left). A finished check's id → CONFLICT.
 * - AnswerPlacement answers the current question, named by its 1-based number: any other number
 *   → CONFLICT (a second click, a stale tab); no check in progress with that id → NOT_FOUND, or
 *   CONFLICT when it has finished. The decider generates the question again from the state and
 *   checks the answer (checkAnswer), as practice does: an answer it cannot read is
 *   UNREADABLE_ANSWER and records nothing (a retry). `skipped` ("I haven't learned this yet")
 *   records a wrong answer with no text. After the answer, when the estimate is settled or the
 *   last question was answered, PlacementCompleted with the starting grade follows in the same
 *   decision.
 */
import { unknownCommand, type Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { checkAnswer } from '../problems/check-answer.ts';
import {
  placementAnswerRecordedSchema,
  placementCompletedSchema,
  placementStartedSchema,
  type PlacementAnswerRecordedData,
  type PlacementEvent,
} from './events.ts';
import {
  estimatePlacement,
  nextPlacementGrade,
  placementPosterior,
  placementQuestion,
  type PlacementQuestion,
} from './placement.ts';
import { validated } from './practice-decider.ts';

type StartPlacement = {
  type: 'StartPlacement';
  data: { userId: string; placementId: string; seed: number; statedGrade: number | null };
};
export type AnswerPlacement = {
  type: 'AnswerPlacement';
  data: {
    userId: string;
    placementId: string;
    question: number;
    /** Ignored when skipped. */
    userAnswer: string;
    skipped: boolean;
    responseTimeMs: number;
  };
};
export type PlacementCommand = StartPlacement | AnswerPlacement;

/** What a check needs of each answer: the estimate's facts and what makes later questions differ. */
type PlacementAnswerState = Pick<PlacementAnswerRecordedData, 'grade' | 'isCorrect' | 'multipleChoice' | 'templateId' | 'topicId'>;

export interface CurrentPlacement {
  placementId: string;
  seed: number;
  statedGrade: number | null;
  answers: readonly PlacementAnswerState[];
}

export interface PlacementState {
  userId: string | null;
  /** The check in progress, or null. */
  current: CurrentPlacement | null;
  /** Ids of finished checks. */
  finished: readonly string[];
  /** The starting grade of the last finished check. */
  grade: number | null;
}

export const initialPlacementState = (): PlacementState => ({ userId: null, current: null, finished: [], grade: null });

export function evolvePlacement(state: PlacementState, event: PlacementEvent): PlacementState {
  switch (event.type) {
    case 'PlacementStarted': {
      const { placementId, seed, statedGrade, userId } = event.data;
      return { ...state, userId: state.userId ?? userId, current: { placementId, seed, statedGrade, answers: [] } };
    }
    case 'PlacementAnswerRecorded': {
      const current = state.current;
      if (!current || current.placementId !== event.data.placementId) return state;
      const { grade, isCorrect, multipleChoice, templateId, topicId } = event.data;
      return { ...state, current: { ...current, answers: [...current.answers, { grade, isCorrect, multipleChoice, templateId, topicId }] } };
    }
    case 'PlacementCompleted':
      return {
        ...state,
        current: state.current?.placementId === event.data.placementId ? null : state.current,
        finished: [...state.finished, event.data.placementId],
        grade: event.data.grade,
      };
    default:
      return state;
  }
}

/** The question the check in progress asks now (the same one for the same answers). */
export function currentPlacementQuestion(current: CurrentPlacement): PlacementQuestion {
  // A child who said their grade starts at it: the most informative first question is a grade
  // up, which opened a grade-3 student with rounding to the nearest 1,000 (issue 31).
  const grade =
    current.answers.length === 0 && current.statedGrade !== null
      ? current.statedGrade
      : nextPlacementGrade(placementPosterior(current.statedGrade, current.answers));
  return placementQuestion(current.seed, current.answers.length, grade, current.answers);
}

function decidePlacement(command: PlacementCommand, state: PlacementState): PlacementEvent[] {
  if (state.userId !== null && state.userId !== command.data.userId) {
    throw new DomainError('FORBIDDEN', 'This placement record belongs to another student');
  }
  const { userId, placementId } = command.data;
  if (state.finished.includes(placementId)) throw new DomainError('CONFLICT', 'This placement check has finished');
  switch (command.type) {
    case 'StartPlacement': {
      if (state.current?.placementId === placementId) return [];
      // With no grade given, a student checking again leans towards where the last check placed them.
      const statedGrade = command.data.statedGrade ?? state.grade;
      return [{ type: 'PlacementStarted', data: validated(placementStartedSchema, { placementId, userId, seed: command.data.seed, statedGrade }) }];
    }
    case 'AnswerPlacement': {
      const current = state.current;
      if (current?.placementId !== placementId) throw new DomainError('NOT_FOUND', 'No placement check in progress with this id');
      if (command.data.question !== current.answers.length + 1) {
        throw new DomainError('CONFLICT', `Question ${command.data.question} is not the current question (${current.answers.length + 1})`);
      }
      const { templateId, seed, grade, problem } = currentPlacementQuestion(current);
      const { skipped } = command.data;
      const check = skipped ? null : checkAnswer(problem, command.data.userAnswer);
      if (check?.unreadable) throw new DomainError('UNREADABLE_ANSWER', check.message ?? 'Please check your answer and try again.');
      const answer = validated(placementAnswerRecordedSchema, {
        placementId,
        userId,
        question: command.data.question,
        templateId,
        problemSeed: seed,
        topic: problem.topic,
        topicId: problem.topic_id,
        grade,
        difficultyLevel: problem.difficulty_level,
        multipleChoice: problem.problem_type === 'multiple_choice',
        userAnswer: skipped ? '' : command.data.userAnswer,
        skipped,
        isCorrect: check?.correct ?? false,
        responseTimeMs: command.data.responseTimeMs,
      });
      const answers = [...current.answers, answer];
      const estimate = estimatePlacement(current.statedGrade, answers);
      const events: PlacementEvent[] = [{ type: 'PlacementAnswerRecorded', data: answer }];
      if (!estimate.done) return events;
      const completed = validated(placementCompletedSchema, {
        placementId,
        userId,
        grade: estimate.grade,
        questions: answers.length,
        correct: answers.filter((a) => a.isCorrect).length,
      });
      return [...events, { type: 'PlacementCompleted', data: completed }];
    }
    default:
      return unknownCommand(command, 'placement');
  }
}

export const placementDecider: Decider<PlacementState, PlacementCommand, PlacementEvent> = {
  initialState: initialPlacementState,
  evolve: evolvePlacement,
  decide: decidePlacement,
};
