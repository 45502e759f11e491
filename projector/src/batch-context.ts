import { localDate, type RecordedEvent } from '@mathdaily/domain';

/** What review-states learned from one answer or rating, for the models after it. */
export interface ReviewFacts {
  topicId: string;
  /** The answer was a review of a problem due that day (not a new problem). */
  wasReview: boolean;
  /** The student's first answer to this problem. */
  newProblem: boolean;
  /** The problem's last answer was right, before and after the event (a rating changes neither). */
  solvedBefore: boolean;
  solvedAfter: boolean;
}

/** What ability-model derived from one answer or rating: the topic's problems now counted as mastered. */
export interface MasteryFacts {
  topicId: string;
  problemsMastered: number;
}

/** What practice-sessions learned from one answer: whether it was the problem's first in its session (`isFirstTry`). */
export interface AnswerFacts {
  firstTry: boolean;
}

/** One kind of fact handed over per event; reading one its producer never set is a wiring mistake and throws. */
class HandedOver<T> {
  private readonly byEvent = new Map<RecordedEvent, T>();

  constructor(
    private readonly producer: string,
    private readonly what: string,
  ) {}

  set(event: RecordedEvent, value: T): void {
    this.byEvent.set(event, value);
  }

  of(event: RecordedEvent): T {
    const value = this.byEvent.get(event);
    if (value === undefined) throw new Error(`${this.producer} must come before the models that need ${this.what} (read-models/index.ts)`);
    return value;
  }
}

/**
 * Facts one read model derives from a batch's events and later models need, handed over in
 * memory: a model never reads another model's table. The producer is listed first in
 * read-models/index.ts; asking for a fact nobody produced is a wiring mistake and throws.
 */
export class BatchContext {
  /** learner-profiles: the student's time zone at the moment of this event. */
  readonly timeZones = new HandedOver<string>('learner-profiles', 'time zones');
  /** review-states: null when the event changed no review state (a rating of an unknown answer). */
  readonly reviewFacts = new HandedOver<ReviewFacts | null>('review-states', 'review facts');
  /** ability-model: null when the event changed no topic state. */
  readonly masteryFacts = new HandedOver<MasteryFacts | null>('ability-model', 'mastery facts');
  /** practice-sessions: null when the answer belongs to no session it keeps (an id that is not a UUID). */
  readonly answerFacts = new HandedOver<AnswerFacts | null>('practice-sessions', 'answer facts');
  private readonly dates = new Map<RecordedEvent, string>();

  /** The event's calendar day in the student's time zone at that moment ('YYYY-MM-DD'). */
  localDateOf(event: RecordedEvent): string {
    let date = this.dates.get(event);
    if (date === undefined) {
      date = localDate(event.metadata.at, this.timeZones.of(event));
      this.dates.set(event, date);
    }
    return date;
  }
}
