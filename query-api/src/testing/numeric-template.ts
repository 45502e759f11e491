import type { Problem } from '@mathdaily/domain/problems/problem';
import type { ProblemTemplate } from '@mathdaily/domain/problems/template';

/** A grade-7 numeric template for queue tests: "what is n + n?", one problem per seed. */
export function numericTemplate(id: string, topicId: string, difficulty: 1 | 2 | 3 | 4 | 5): ProblemTemplate {
  return {
    id,
    topic_id: topicId,
    grades: [7],
    difficulty,
    problem_type: 'numeric',
    generate(seed): Problem {
      return {
        topic: topicId,
        topic_id: topicId,
        grade: 7,
        question: `${id} number ${seed}: what is $${seed} + ${seed}$?`,
        problem_type: 'numeric',
        answer_options: null,
        correct_answer: String(seed * 2),
        answer_form: { kind: 'number' },
        hint: 'Double it.',
        explanation: `$${seed} + ${seed} = ${seed * 2}$`,
        difficulty_level: difficulty,
        estimated_time_seconds: 30,
        template_id: id,
        seed,
      };
    },
  };
}
