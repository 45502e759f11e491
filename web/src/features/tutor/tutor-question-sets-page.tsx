import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client.ts';
import { announce } from '../../components/announcer.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { MathText, TypedMath } from '../../components/math-text.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { EMPTY_QUESTION, QuestionForm } from './question-form.tsx';
import { TutorPicker, useTutorScope } from './tutor-picker.tsx';
import { formatWhen, tutorApi, type QuestionInput, type QuestionSet, type SetQuestion } from './tutor-api.ts';
import './tutor.css';

/** /tutor/question-sets: a tutor's own question sets; `?set=<id>` opens one in the editor. */
export function TutorQuestionSetsPage() {
  useDocumentTitle('Question Sets');
  const [params, setParams] = useSearchParams();
  const selected = params.get('set');
  const [version, setVersion] = useState(0);
  const tutorId = useTutorScope();
  const { load } = useLoad(useCallback((signal: AbortSignal) => tutorApi.questionSets(tutorId, signal), [version, tutorId]));
  const [title, setTitle] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreateError(null);
    try {
      const made = await tutorApi.createSet(title, tutorId);
      setTitle('');
      announce(`Question set ${title.trim()} created.`);
      setVersion((v) => v + 1);
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('set', made.id);
        return next;
      });
    } catch (error) {
      setCreateError(errorMessage(error));
    }
  };

  return (
    <main id="main" className="page tutor-page">
      <header className="tutor-header">
        <div>
          <h1>Question Sets</h1>
          <p className="muted">Write your own questions and give them to your active students: they come first in their practice.</p>
        </div>
        <TutorPicker />
      </header>

      <div className="tutor-columns qs-columns">
        <section className="card" aria-labelledby="qs-list-title">
          <h2 id="qs-list-title">Your Sets</h2>
          <form className="qs-create" onSubmit={(event) => void create(event)} noValidate>
            <div className="field">
              <label htmlFor="qs-new-title">New set title</label>
              <input id="qs-new-title" value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} aria-describedby={createError ? 'qs-new-title-error' : undefined} />
              <FieldError id="qs-new-title" error={createError} />
            </div>
            <button type="submit" className="button primary">
              Create Set
            </button>
          </form>
          {load.kind === 'error' ? (
            <div className="alert alert-error" role="alert">
              {load.message}
            </div>
          ) : load.kind === 'loading' ? (
            <p className="muted" role="status">
              Loading question sets...
            </p>
          ) : load.data.sets.length === 0 ? (
            <p className="tutor-empty muted">No question sets yet</p>
          ) : (
            <ul className="qs-list">
              {load.data.sets.map((set) => (
                <li key={set.id} className={set.id === selected ? 'is-selected' : undefined}>
                  <Link to={`?${new URLSearchParams({ ...(tutorId ? { tutor_id: tutorId } : {}), set: set.id }).toString()}`} aria-current={set.id === selected ? 'true' : undefined}>
                    {set.title}
                  </Link>
                  <span className="muted small">
                    {set.question_count} {set.question_count === 1 ? 'question' : 'questions'} · {set.assigned_count} {set.assigned_count === 1 ? 'student' : 'students'} · {formatWhen(set.updated_at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {selected ? <SetEditor key={selected} setId={selected} onChanged={() => setVersion((v) => v + 1)} /> : null}
      </div>
    </main>
  );
}

function SetEditor({ setId, onChanged }: { setId: string; onChanged: () => void }) {
  const [version, setVersion] = useState(0);
  const { load } = useLoad(useCallback((signal: AbortSignal) => tutorApi.questionSet(setId, signal), [setId, version]));
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changed = () => {
    setVersion((v) => v + 1);
    onChanged();
  };

  if (load.kind === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        {load.message}
      </div>
    );
  }
  if (load.kind === 'loading') {
    return (
      <p className="muted" role="status">
        Loading the set...
      </p>
    );
  }
  const set = load.data;
  const save = (question: SetQuestion | null) => async (input: QuestionInput) => {
    if (question) await tutorApi.editQuestion(set.id, question.id, input);
    else await tutorApi.addQuestion(set.id, input);
    announce(question ? 'Question saved.' : 'Question added.');
    setEditing(null);
    changed();
  };
  const remove = async (question: SetQuestion) => {
    setError(null);
    try {
      await tutorApi.removeQuestion(set.id, question.id);
      announce('Question removed.');
      changed();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <div className="qs-editor">
      <section className="card" aria-labelledby="qs-editor-title">
        <TitleEditor set={set} onSaved={changed} />
        <ErrorAlert message={error} />
        <h3 id="qs-editor-title">Questions ({set.questions.length})</h3>
        {set.questions.length === 0 ? <p className="muted">No questions yet. Add the first one below.</p> : null}
        <ol className="qs-questions">
          {set.questions.map((question, index) => (
            <li key={question.id}>
              {editing === question.id ? (
                <QuestionForm initial={question} saveLabel="Save Question" onSave={save(question)} onCancel={() => setEditing(null)} />
              ) : (
                <>
                  <MathText text={question.question} as="p" className="qs-question-text" />
                  <p className="small">
                    <span className="muted">{question.topic}, grade {question.grade} · Answer: </span>
                    <TypedMath value={question.correct_answer} />
                  </p>
                  <div className="tutor-row-actions">
                    <button type="button" className="button small" onClick={() => setEditing(question.id)}>
                      Edit<span className="visually-hidden"> question {index + 1}</span>
                    </button>
                    <button type="button" className="button small" onClick={() => void remove(question)}>
                      Remove<span className="visually-hidden"> question {index + 1}</span>
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
        {editing === 'new' ? (
          <QuestionForm initial={EMPTY_QUESTION} saveLabel="Add Question" onSave={save(null)} onCancel={() => setEditing(null)} />
        ) : (
          <button type="button" className="button primary" onClick={() => setEditing('new')}>
            New Question
          </button>
        )}
      </section>
      <AssignCard set={set} onAssigned={changed} />
    </div>
  );
}

function TitleEditor({ set, onSaved }: { set: QuestionSet; onSaved: () => void }) {
  const [title, setTitle] = useState(set.title);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setTitle(set.title), [set.title]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await tutorApi.renameSet(set.id, title);
      announce('Title saved.');
      onSaved();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <form className="qs-create" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor="qs-title">Set title</label>
        <input id="qs-title" value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} aria-describedby={error ? 'qs-title-error' : undefined} />
        <FieldError id="qs-title" error={error} />
      </div>
      <button type="submit" className="button" disabled={title.trim() === set.title}>
        Save Title
      </button>
    </form>
  );
}

/**
 * Only active students can be given a set (the server refuses others with a message). Everyone
 * who has it is listed with Take back, whatever their status now.
 */
function AssignCard({ set, onAssigned }: { set: QuestionSet; onAssigned: () => void }) {
  const { load } = useLoad(useCallback((signal: AbortSignal) => tutorApi.students({ search: '', status: 'active' }, signal), []));
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const given = new Set(set.assigned_students.map((student) => student.id));
  const students = load.kind === 'ready' ? load.data.students.filter((student) => student.tutor_id === set.tutor_id) : [];

  const takeBack = async (student: { id: string; name: string }) => {
    setMessage(null);
    try {
      await tutorApi.unassignSet(set.id, student.id);
      setMessage({ kind: 'ok', text: `${set.title} taken back from ${student.name}.` });
      onAssigned();
    } catch (caught) {
      setMessage({ kind: 'error', text: errorMessage(caught) });
    }
  };

  const assign = async () => {
    setMessage(null);
    try {
      await tutorApi.assignSet(set.id, [...chosen]);
      // The status line below is the announcement.
      setMessage({ kind: 'ok', text: `${set.title} given to ${chosen.size} ${chosen.size === 1 ? 'student' : 'students'}.` });
      setChosen(new Set());
      onAssigned();
    } catch (caught) {
      setMessage({ kind: 'error', text: errorMessage(caught) });
    }
  };

  return (
    <section className="card" aria-labelledby="qs-assign-title">
      <h3 id="qs-assign-title">Assign to Students</h3>
      {set.assigned_students.length > 0 ? (
        <>
          <h4 className="qs-subheading">Students with this set</h4>
          <ul className="qs-assigned">
            {set.assigned_students.map((student) => (
              <li key={student.id}>
                <span>
                  {student.name} <span className="muted small">since {formatWhen(student.assigned_at)}</span>
                </span>
                <button type="button" className="button small" aria-label={`Take back from ${student.name}`} onClick={() => void takeBack(student)}>
                  Take back
                </button>
              </li>
            ))}
          </ul>
          <h4 className="qs-subheading">Give it to more students</h4>
        </>
      ) : null}
      {load.kind === 'loading' ? <p className="muted">Loading students...</p> : null}
      {load.kind === 'ready' && students.length === 0 ? <p className="muted">No active students yet. Activate students on the Students page first.</p> : null}
      {students.length > 0 ? (
        <fieldset className="qs-students">
          <legend className="visually-hidden">Active students</legend>
          {students.map((student) => (
            <label key={student.id} className="qs-student">
              <input
                type="checkbox"
                checked={given.has(student.id) || chosen.has(student.id)}
                disabled={given.has(student.id)}
                onChange={(event) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(student.id);
                    else next.delete(student.id);
                    return next;
                  })
                }
              />
              {student.name}
              {given.has(student.id) ? <span className="muted small"> (has this set)</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      {message ? (
        <p className={message.kind === 'ok' ? 'tutor-check-ok' : 'field-error'} role={message.kind === 'ok' ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      <button type="button" className="button primary" disabled={chosen.size === 0 || set.questions.length === 0} onClick={() => void assign()}>
        Assign to Selected Students
      </button>
    </section>
  );
}
