// Pure-domain hot paths: answer checking (runs per submit in browser and server) and the
// knowledge model's prediction and update (run per answer in the projector).
import { KNOWLEDGE_MODEL_PARAMETERS, predictCorrect, updateKnowledge, type LearnerKnowledge, type TopicKnowledge } from '@mathdaily/domain';
import { checkAnswer } from '@mathdaily/domain/problems/check-answer';
import { generateProblems } from '@mathdaily/domain/problems/templates';

type Measure = (name: string, value: string) => void;
const perSecond = (count: number, ms: number) => `${Math.round((count / ms) * 1000).toLocaleString('en-GB')} /s`;

export async function benchDomain(record: Measure) {
  const problems = Array.from({ length: 20 }, (_, index) => generateProblems({ count: 20, seed: 1000 + index })).flat();
  let checks = 0;
  const started = performance.now();
  for (let round = 0; round < 3; round += 1) {
    for (const problem of problems) {
      checkAnswer(problem, problem.correct_answer);
      checkAnswer(problem, `${problem.correct_answer}1`);
      checks += 2;
    }
  }
  record(`domain: checkAnswer, right and wrong answers (${checks} checks)`, perSecond(checks, performance.now() - started));

  let learner: LearnerKnowledge | undefined;
  const topics = new Map<string, TopicKnowledge>();
  const updates = 200_000;
  const modelStarted = performance.now();
  for (let i = 0; i < updates; i += 1) {
    const topicId = `t${i % 7}`;
    predictCorrect(KNOWLEDGE_MODEL_PARAMETERS, learner, topics.get(topicId), topicId);
    const next = updateKnowledge(learner, topics.get(topicId), topicId, i % 4 !== 0);
    learner = next.learner;
    topics.set(topicId, next.topic);
  }
  record(`domain: knowledge-model prediction + update (${updates.toLocaleString('en-GB')} attempts)`, perSecond(updates, performance.now() - modelStarted));
}
