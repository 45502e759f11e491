// Pure-domain hot paths: answer checking (runs per submit in browser and server) and the
// ability model's per-attempt update (runs per event in the projector).
import { eloUpdate } from '@mathdaily/domain';
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

  let row = { studentAbility: 0, studentCount: 0, topicAbility: 0, topicCount: 0, problemDifficulty: 0, problemCount: 0 };
  const updates = 200_000;
  const eloStarted = performance.now();
  for (let i = 0; i < updates; i += 1) {
    const next = eloUpdate({ ...row, isCorrect: i % 4 !== 0 });
    row = { ...row, ...next };
  }
  record(`domain: ability-model update (${updates.toLocaleString('en-GB')} attempts)`, perSecond(updates, performance.now() - eloStarted));
}
