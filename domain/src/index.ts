export * from './events/envelope.ts';
export * from './events/registry.ts';
export * from './errors.ts';
export * from './decider.ts';
export * from './learning/index.ts';
export * from './pricing/plans.ts';
export * from './contact/contact-form.ts';
export * from './accounts/index.ts';
