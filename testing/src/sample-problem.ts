import { randomUUID } from 'node:crypto';
import { newEvent } from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';

/** A tutor's problem of grade 7 with a known answer (2/4 as a decimal is 0.5), as its ProblemCreated data holds it without an id. */
export const HALF_AS_DECIMAL = {
  topic: 'Fractions',
  topic_id: 'fractions',
  grade: 7,
  question: 'Write $\\frac{2}{4}$ as a decimal.',
  problem_type: 'numeric',
  answer_options: null,
  correct_answer: '0.5',
  answer_form: { kind: 'number' },
  hint: 'Divide the top by the bottom.',
  explanation: '2 ÷ 4 = 0.5',
  difficulty_level: 3,
  estimated_time_seconds: 60,
  template_id: null,
  seed: null,
  source: 'tutor',
};

/** Stores one known problem (1/2 + 1/4 = 3/4, a tutor's), so a test can answer it right or wrong on purpose. */
export async function appendFractionProblem(store: EventStore, problemId: string, options: { grade?: number; correlationId?: string } = {}) {
  const event = newEvent(
    {
      type: 'ProblemCreated',
      data: {
        problem_id: problemId, topic: 'Fractions', topic_id: 'fractions', grade: options.grade ?? 7, question: 'What is 1/2 + 1/4?', problem_type: 'numeric',
        answer_options: null, correct_answer: '3/4', answer_form: { kind: 'exact_fraction' }, hint: 'Use quarters.', explanation: '2/4 + 1/4 = 3/4',
        difficulty_level: 2, estimated_time_seconds: 60, template_id: null, seed: null, source: 'tutor',
      },
    },
    { actorId: null, correlationId: options.correlationId ?? 'test', causationId: options.correlationId ?? 'test', at: new Date() },
    randomUUID(),
  );
  return store.append(`problem-${problemId}`, [event], { expectedVersion: 'no_stream' });
}
