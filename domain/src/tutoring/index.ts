export * from './events.ts';
export * from './referral-codes.ts';
export * from './relationship-decider.ts';
export * from './question-sets.ts';
