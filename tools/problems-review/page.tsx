/**
 * The problem review page (`npm run problems:review`): 3 samples of every template, rendered with
 * the product's own components (MathText, TypedMath, ProblemFigure), so a reviewer reads each
 * question, answer and explanation as a student sees it. Bundled by ./run.mjs (CSS imports dropped;
 * the page links KaTeX's stylesheet instead).
 */
import { problemTemplates } from '@mathdaily/domain/problems/templates';
import type { Problem } from '@mathdaily/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { MathText, TypedMath } from '../../web/src/components/math-text.tsx';
import { ProblemFigure } from '../../web/src/components/problem-figure.tsx';

/** Seeds 1-3, each recorded for one of the template's grades in turn, as the bank is seeded (docs/problem-bank.md). */
export const SAMPLE_SEEDS = [1, 2, 3] as const;

export function samples(): { id: string; problems: Problem[]; figures: (ReturnType<NonNullable<(typeof problemTemplates)[number]['figure']>>)[] }[] {
  return problemTemplates.map((t) => ({
    id: t.id,
    problems: SAMPLE_SEEDS.map((seed) => t.generate(seed, { grade: t.grades[(seed - 1) % t.grades.length] })),
    figures: SAMPLE_SEEDS.map((seed) => t.figure?.(seed) ?? null),
  }));
}

function Sample({ problem, figure }: { problem: Problem; figure: { svg: string; alt: string } | null }) {
  return (
    <article className="sample">
      <p className="meta">
        Grade {problem.grade} · {problem.topic} · difficulty {problem.difficulty_level} · seed {problem.seed}
      </p>
      <MathText as="p" className="question" text={problem.question} displayStyle />
      {figure ? <ProblemFigure figure={figure} /> : null}
      {problem.answer_options ? (
        <ol className="options">
          {problem.answer_options.map((o) => (
            <li key={o} className={o === problem.correct_answer ? 'right' : undefined}>
              <TypedMath value={o} />
            </li>
          ))}
        </ol>
      ) : null}
      <p>
        <b>Answer:</b> <TypedMath value={problem.correct_answer} />
      </p>
      <p>
        <b>Hint:</b> <MathText text={problem.hint} />
      </p>
      <p>
        <b>Explanation:</b> <MathText text={problem.explanation} />
      </p>
    </article>
  );
}

export function reviewPage(katexCss: string): string {
  const all = samples();
  const body = renderToStaticMarkup(
    <main>
      <h1>MathDaily problem review: {all.length} templates, 3 samples each</h1>
      <nav>
        {all.map((s) => (
          <a key={s.id} href={`#${s.id}`}>
            {s.id}{' '}
          </a>
        ))}
      </nav>
      {all.map((s) => {
        const t = problemTemplates.find((x) => x.id === s.id)!;
        return (
          <section key={s.id} id={s.id}>
            <h2>
              {s.id} <small>(grades {t.grades[0]}-{t.grades.at(-1)}, {t.problem_type})</small>
            </h2>
            {s.problems.map((p, i) => (
              <Sample key={p.seed} problem={p} figure={s.figures[i] ?? null} />
            ))}
          </section>
        );
      })}
    </main>,
  );
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>MathDaily problem review</title>
<link rel="stylesheet" href="${katexCss}">
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem}
nav{font-size:.75rem}section{border-top:2px solid #888;margin-top:1.5rem}
.sample{display:block;border-left:4px solid #ddd;padding-left:.75rem;margin:.75rem 0}
.meta{color:#555;font-size:.8rem;margin:0}.question{font-size:1.1rem}
.options li.right{font-weight:bold;color:#064}.problem-figure img{max-width:18rem}
</style></head><body>${body}</body></html>`;
}

/** The same samples as plain text, for reading and searching in a terminal. */
export function reviewText(): string {
  return samples()
    .map((s) =>
      [`## ${s.id}`, ...s.problems.map((p) => [`[g${p.grade} ${p.topic}] ${p.question}`, p.answer_options ? `  options: ${p.answer_options.join(' | ')}` : '', `  answer: ${p.correct_answer}`, `  hint: ${p.hint}`, `  explanation: ${p.explanation}`].filter(Boolean).join('\n'))].join('\n'),
    )
    .join('\n\n');
}
