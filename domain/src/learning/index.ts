export * from './events.ts';
export * from './practice-decider.ts';
export * from './rating-availability.ts';
export * from './review-schedule.ts';
export * from './ability-model.ts';
export * from './select-problems.ts';
export * from './progress.ts';
export * from './achievements.ts';
