export * from './events.ts';
export * from './family-deciders.ts';
