import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { problemTypes } from '@mathdaily/domain/problems/problem';
import { topics } from '@mathdaily/domain/problems/topics';
import { ApiError, errorMessage } from '../../api/client.ts';
import { FieldError } from '../../components/field-error.tsx';
import { MathAnswerInput } from '../../components/math-answer-input.tsx';
import { MathText } from '../../components/math-text.tsx';
import { typedMathToLatex } from '../../components/typed-math.ts';
import { ANSWER_FORM_CHOICES, choiceOf } from './answer-forms.ts';
import { FormFooter } from './form-footer.tsx';
import type { QuestionInput } from './tutor-api.ts';

const LABELS: Record<string, string> = { multiple_choice: 'Multiple choice', equation_solution: 'Equation solution', exact_fraction: 'Exact fraction', standard_form: 'Standard form' };
const label = (value: string) => LABELS[value] ?? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');

export const EMPTY_QUESTION: QuestionInput = {
  topic_id: 'fractions',
  grade: topics.find((topic) => topic.id === 'fractions')?.grades[0] ?? 5,
  question: '',
  problem_type: 'numeric',
  answer_options: null,
  correct_answer: '',
  answer_form: { kind: 'number', tolerance: 0 },
  hint: '',
  explanation: '',
  difficulty_level: 2,
  estimated_time_seconds: 60,
};

/**
 * One question of a set, with the fields of a generated problem and a live preview: the question,
 * hint and explanation as the student will see them (MathText) and the correct answer through the
 * practice answer box's own preview (MathAnswerInput). The server checks the answer with
 * `checkAnswer` on saving; its message (e.g. an answer its form cannot read) is shown by the field.
 */
export function QuestionForm(props: { initial: QuestionInput; saveLabel: string; onSave: (question: QuestionInput) => Promise<void>; onCancel?: () => void }) {
  const id = useId();
  const [q, setQ] = useState<QuestionInput>(props.initial);
  const [options, setOptions] = useState((props.initial.answer_options ?? []).join('\n'));
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof QuestionInput>(key: K, value: QuestionInput[K]) => setQ((current) => ({ ...current, [key]: value }));
  const topic = topics.find((t) => t.id === q.topic_id);
  // A question saved with a form the list does not name keeps it, offered as it was.
  const [kept] = useState(() => (props.initial.problem_type === 'multiple_choice' || choiceOf(props.initial.answer_form) ? null : props.initial.answer_form));
  const formChoice = choiceOf(q.answer_form);
  const isChoice = q.problem_type === 'multiple_choice';
  const fieldError = (name: string) => error?.fields[name];
  // Maths typed as students type it (2/3, x^2, √(2)), put into the question as LaTeX at the caret.
  const [maths, setMaths] = useState('');
  const questionBox = useRef<HTMLTextAreaElement>(null);
  const insertMaths = () => {
    if (!maths.trim()) return;
    const box = questionBox.current;
    const at = box?.selectionStart ?? q.question.length;
    const end = box?.selectionEnd ?? at;
    const piece = `$${typedMathToLatex(maths.trim())}$`;
    set('question', q.question.slice(0, at) + piece + q.question.slice(end));
    setMaths('');
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(at + piece.length, at + piece.length);
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const answerOptions = isChoice ? options.split('\n').map((o) => o.trim()).filter(Boolean) : null;
    try {
      await props.onSave({ ...q, answer_options: answerOptions, answer_form: isChoice ? { kind: 'choice' } : q.answer_form });
    } catch (caught) {
      setError({ message: errorMessage(caught), fields: caught instanceof ApiError ? (caught.fields ?? {}) : {} });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof QuestionInput | 'answer_form.kind', text: string, control: (describedBy: string | undefined) => ReactNode) => {
    const message = fieldError(name);
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{text}</label>
        {control(message ? `${id}-${name}-error` : undefined)}
        <FieldError id={`${id}-${name}`} error={message} />
      </div>
    );
  };

  return (
    <form className="qs-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="qs-form-grid">
        {field('topic_id', 'Topic', (d) => (
          <select id={`${id}-topic_id`} aria-describedby={d} value={q.topic_id} onChange={(e) => {
            const next = topics.find((t) => t.id === e.target.value);
            setQ((current) => ({ ...current, topic_id: e.target.value, grade: next && !next.grades.includes(current.grade) ? next.grades[0]! : current.grade }));
          }}>
            {topics.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </select>
        ))}
        {field('grade', 'Grade', (d) => (
          <select id={`${id}-grade`} aria-describedby={d} value={q.grade} onChange={(e) => set('grade', Number(e.target.value))}>
            {(topic?.grades ?? []).map((g) => <option key={g} value={g}>Grade {g}</option>)}
          </select>
        ))}
        {field('problem_type', 'Problem type', (d) => (
          <select id={`${id}-problem_type`} aria-describedby={d} value={q.problem_type} onChange={(e) => set('problem_type', e.target.value)}>
            {problemTypes.map((t) => <option key={t} value={t}>{label(t)}</option>)}
          </select>
        ))}
        {isChoice ? null : field('answer_form.kind', 'The answer is', (d) => (
          <select
            id={`${id}-answer_form.kind`}
            aria-describedby={d}
            value={formChoice?.id ?? 'kept'}
            onChange={(e) => set('answer_form', ANSWER_FORM_CHOICES.find((choice) => choice.id === e.target.value)?.form ?? kept ?? { kind: 'number' })}
          >
            {ANSWER_FORM_CHOICES.map((choice) => <option key={choice.id} value={choice.id}>{choice.label}</option>)}
            {kept ? <option value="kept">As written before ({label(kept.kind)})</option> : null}
          </select>
        ))}
        {field('difficulty_level', 'Difficulty (1-5)', (d) => (
          <select id={`${id}-difficulty_level`} aria-describedby={d} value={q.difficulty_level} onChange={(e) => set('difficulty_level', Number(e.target.value))}>
            {[1, 2, 3, 4, 5].map((level) => <option key={level} value={level}>{level}</option>)}
          </select>
        ))}
        {field('estimated_time_seconds', 'Estimated time (seconds)', (d) => (
          <input id={`${id}-estimated_time_seconds`} aria-describedby={d} type="number" min={5} max={3600} value={q.estimated_time_seconds} onChange={(e) => set('estimated_time_seconds', Number(e.target.value))} />
        ))}
      </div>
      {field('question', 'Question', (d) => (
        <textarea
          ref={questionBox}
          id={`${id}-question`}
          aria-describedby={[`${id}-question-hint`, d].filter(Boolean).join(' ')}
          rows={3}
          value={q.question}
          onChange={(e) => set('question', e.target.value)}
        />
      ))}
      <p className="field-hint" id={`${id}-question-hint`}>
        Type the question as it should read. Add maths with the box below, typed as students type it; LaTeX between $…$ works too.
      </p>
      <div className="qs-math-insert">
        <MathAnswerInput id={`${id}-maths`} label="Maths for the question" value={maths} onChange={setMaths} placeholder="e.g. 2/3 + 1/6" />
        <button type="button" className="button small" onClick={insertMaths} disabled={!maths.trim()}>
          Put into the question
        </button>
      </div>
      {isChoice
        ? field('answer_options', 'Options (one per line, 2-6)', (d) => (
            <textarea id={`${id}-answer_options`} aria-describedby={d} rows={4} value={options} onChange={(e) => setOptions(e.target.value)} />
          ))
        : null}
      <MathAnswerInput
        id={`${id}-correct_answer`}
        label="Correct answer"
        value={q.correct_answer}
        onChange={(value) => set('correct_answer', value)}
        invalid={fieldError('correct_answer') !== undefined}
        {...(formChoice && !isChoice ? { placeholder: `e.g. ${formChoice.example}` } : {})}
        {...(fieldError('correct_answer') ? { describedBy: `${id}-correct_answer-error` } : {})}
      />
      <FieldError id={`${id}-correct_answer`} error={fieldError('correct_answer')} />
      {field('hint', 'Hint', (d) => <textarea id={`${id}-hint`} aria-describedby={d} rows={2} value={q.hint} onChange={(e) => set('hint', e.target.value)} />)}
      {field('explanation', 'Worked explanation', (d) => (
        <textarea id={`${id}-explanation`} aria-describedby={d} rows={3} value={q.explanation} onChange={(e) => set('explanation', e.target.value)} />
      ))}

      <section className="qs-preview" aria-label="Preview">
        <h3>Preview</h3>
        {q.question.trim() ? <MathText text={q.question} as="p" className="qs-preview-question" displayStyle /> : <p className="muted">The question appears here as students will see it.</p>}
        {isChoice ? (
          <ul className="qs-preview-options">
            {options.split('\n').filter((o) => o.trim()).map((option) => <li key={option}><MathText text={option} /></li>)}
          </ul>
        ) : null}
        {q.hint.trim() ? <p><strong>Hint:</strong> <MathText text={q.hint} /></p> : null}
        {q.explanation.trim() ? <p><strong>Explanation:</strong> <MathText text={q.explanation} /></p> : null}
      </section>

      <FormFooter error={error?.message ?? null} busy={saving} label={props.saveLabel} busyLabel="Saving…" onCancel={props.onCancel} />
    </form>
  );
}
