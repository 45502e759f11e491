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

/**
 * Facts one read model derives from a batch's events and later models need, handed over in
 * memory: a model never reads another model's table. The producer is listed first in
 * read-models/index.ts; asking for a fact nobody produced is a wiring mistake and throws.
 */
export class BatchContext {
  private readonly zones = new Map<RecordedEvent, string>();
  private readonly facts = new Map<RecordedEvent, ReviewFacts | null>();
  private readonly dates = new Map<RecordedEvent, string>();
  private readonly mastery = new Map<RecordedEvent, MasteryFacts | null>();
  private readonly answers = new Map<RecordedEvent, AnswerFacts | null>();

  /** learner-profiles: the student's time zone at the moment of this event. */
  setTimeZone(event: RecordedEvent, zone: string): void {
    this.zones.set(event, zone);
  }

  timeZoneOf(event: RecordedEvent): string {
    const zone = this.zones.get(event);
    if (zone === undefined) throw new Error('learner-profiles must come before the models that need time zones (read-models/index.ts)');
    return zone;
  }

  /** The event's calendar day in the student's time zone at that moment ('YYYY-MM-DD'). */
  localDateOf(event: RecordedEvent): string {
    let date = this.dates.get(event);
    if (date === undefined) {
      date = localDate(event.metadata.at, this.timeZoneOf(event));
      this.dates.set(event, date);
    }
    return date;
  }

  /** review-states: null when the event changed no review state (a rating of an unknown answer). */
  setReviewFacts(event: RecordedEvent, facts: ReviewFacts | null): void {
    this.facts.set(event, facts);
  }

  reviewFactsOf(event: RecordedEvent): ReviewFacts | null {
    const facts = this.facts.get(event);
    if (facts === undefined) throw new Error('review-states must come before the models that need review facts (read-models/index.ts)');
    return facts;
  }

  /** ability-model: null when the event changed no topic state. */
  setMasteryFacts(event: RecordedEvent, facts: MasteryFacts | null): void {
    this.mastery.set(event, facts);
  }

  masteryFactsOf(event: RecordedEvent): MasteryFacts | null {
    const facts = this.mastery.get(event);
    if (facts === undefined) throw new Error('ability-model must come before the models that need mastery facts (read-models/index.ts)');
    return facts;
  }

  /** practice-sessions: null when the answer belongs to no session it keeps (an id that is not a UUID). */
  setAnswerFacts(event: RecordedEvent, facts: AnswerFacts | null): void {
    this.answers.set(event, facts);
  }

  answerFactsOf(event: RecordedEvent): AnswerFacts | null {
    const facts = this.answers.get(event);
    if (facts === undefined) throw new Error('practice-sessions must come before the models that need answer facts (read-models/index.ts)');
    return facts;
  }
}
