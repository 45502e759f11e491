import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { topics } from '@mathdaily/domain/problems/topics';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { announce } from '../../components/announcer.tsx';
import { MathText, TypedMath } from '../../components/math-text.tsx';
import { timeZoneLabel } from '../../components/time-zones.tsx';
import { useLoad } from '../../components/use-load.ts';
import { classesApi, type NewAssignment, type RosterStudent } from './classes-api.ts';
import { FormFooter } from './form-footer.tsx';
import { tutorApi } from './tutor-api.ts';

type Mode = 'topic' | 'browse' | 'set';

interface BankProblem {
  id: string;
  question: string;
  topic: string;
  grade: number;
  difficulty_level: number;
  correct_answer: string | null;
  answer_options: string[] | null;
}

const DIFFICULTY = ['Very Easy', 'Easy', 'Medium', 'Hard', 'Very Hard'];
/** Problems the topic choice draws from (a grade's topic holds 20-60 in the bank). */
const POOL = 100;
const BROWSE_PAGE = 20;

/** Tomorrow's date in a time zone, as an <input type="date"> wants it. */
function tomorrowIn(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000));
  return parts;
}

/** `count` of the problems in random order (a fresh pick each time the tutor asks). */
function pick<T>(items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy.slice(0, count);
}

async function bankProblems(filters: { topic: string; grade: number; difficulty: string; q?: string; page?: number; limit: number }) {
  const query = new URLSearchParams({ topic: filters.topic, grade: String(filters.grade), limit: String(filters.limit), page: String(filters.page ?? 1) });
  if (filters.difficulty) query.set('difficulty', filters.difficulty);
  if (filters.q?.trim()) query.set('q', filters.q.trim());
  const body = await api.get<{ data: { problems: BankProblem[]; pagination: { total: number; hasNext: boolean } } }>(`/api/problems?${query.toString()}`);
  return body.data;
}

/**
 * Setting work for a class: problems from the bank (a topic, grade and difficulty and how many, drawn
 * at random and shown before they are set; or picked one by one from the bank with their preview),
 * or one of the tutor's question sets; a title, a due date and time in the class's time zone, and
 * the whole class or chosen students.
 */
export function AssignmentForm(props: { classId: string; timeZone: string; students: RosterStudent[]; onDone: (title: string) => void; onCancel: () => void }) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('topic');
  const [topicId, setTopicId] = useState('fractions');
  const topic = topics.find((item) => item.id === topicId) ?? topics[0]!;
  const [grade, setGrade] = useState(topic.grades[0]!);
  const [difficulty, setDifficulty] = useState('');
  const [count, setCount] = useState(5);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<{ problems: BankProblem[]; total: number; hasNext: boolean; page: number } | null>(null);
  const [chosen, setChosen] = useState<BankProblem[]>([]);
  const [setId, setSetId] = useState('');
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState(() => tomorrowIn(props.timeZone));
  const [dueTime, setDueTime] = useState('17:00');
  const [everyone, setEveryone] = useState(true);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const { load: sets } = useLoad(useCallback((signal: AbortSignal) => tutorApi.questionSets('', signal), []));
  const active = props.students.filter((student) => student.relationship_status === 'active');

  useEffect(() => {
    if (!topic.grades.includes(grade)) setGrade(topic.grades[0]!);
  }, [topic, grade]);
  useEffect(() => {
    setFound(null);
    if (mode !== 'set') setChosen([]);
  }, [mode, topicId, grade, difficulty]);

  const defaultTitle = () => {
    if (mode === 'set') return sets.kind === 'ready' ? (sets.data.sets.find((set) => set.id === setId)?.title ?? '') : '';
    const problems = `${chosen.length} ${chosen.length === 1 ? 'problem' : 'problems'}`;
    return mode === 'topic' ? `${topic.name} · ${problems}` : `Practice · ${problems}`;
  };

  const draw = async () => {
    setBusy(true);
    setError(null);
    try {
      const data = await bankProblems({ topic: topicId, grade, difficulty, limit: POOL });
      if (data.problems.length === 0) {
        setError({ message: 'The bank has no problems for this topic, grade and difficulty. Try another difficulty.', fields: {} });
        setChosen([]);
        return;
      }
      const drawn = pick(data.problems, count);
      setChosen(drawn);
      announce(`${drawn.length} problems chosen. Check them below.`);
    } catch (failure) {
      setError({ message: errorMessage(failure), fields: {} });
    } finally {
      setBusy(false);
    }
  };

  const browse = async (page = 1) => {
    setBusy(true);
    setError(null);
    try {
      const data = await bankProblems({ topic: topicId, grade, difficulty, q: search, page, limit: BROWSE_PAGE });
      setFound((previous) => ({ problems: page === 1 ? data.problems : [...(previous?.problems ?? []), ...data.problems], total: data.pagination.total, hasNext: data.pagination.hasNext, page }));
      announce(`${data.pagination.total} problems found.`);
    } catch (failure) {
      setError({ message: errorMessage(failure), fields: {} });
    } finally {
      setBusy(false);
    }
  };

  const toggle = (problem: BankProblem) =>
    setChosen((list) => (list.some((item) => item.id === problem.id) ? list.filter((item) => item.id !== problem.id) : [...list, problem]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const source: NewAssignment['source'] =
      mode === 'set' ? { kind: 'question_set', set_id: setId } : mode === 'topic' ? { kind: 'topic', topic_id: topicId, grade, difficulty: difficulty ? Number(difficulty) : null } : { kind: 'problems' };
    if (mode === 'set' && !setId) return setError({ message: 'Please choose a question set.', fields: {} });
    if (mode !== 'set' && chosen.length === 0) return setError({ message: 'Please choose at least one problem.', fields: {} });
    if (!everyone && picked.size === 0) return setError({ message: 'Please choose at least one student, or give the work to the whole class.', fields: {} });
    const finalTitle = title.trim() || defaultTitle();
    setBusy(true);
    try {
      await classesApi.assign(props.classId, {
        title: finalTitle,
        source,
        ...(mode === 'set' ? {} : { problem_ids: chosen.map((problem) => problem.id) }),
        ...(everyone ? {} : { student_ids: [...picked] }),
        due_date: dueDate,
        due_time: dueTime,
      });
      props.onDone(finalTitle);
    } catch (failure) {
      setError({ message: errorMessage(failure), fields: failure instanceof ApiError ? (failure.fields ?? {}) : {} });
    } finally {
      setBusy(false);
    }
  };

  const filters = (
    <div className="assign-grid">
      <div className="field">
        <label htmlFor={`${id}-topic`}>Topic</label>
        <select id={`${id}-topic`} value={topicId} onChange={(event) => setTopicId(event.target.value)}>
          {topics.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} (grades {item.grades[0]}–{item.grades.at(-1)})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-grade`}>Grade</label>
        <select id={`${id}-grade`} value={grade} onChange={(event) => setGrade(Number(event.target.value))}>
          {topic.grades.map((value) => (
            <option key={value} value={value}>
              Grade {value}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-difficulty`}>Difficulty</label>
        <select id={`${id}-difficulty`} value={difficulty} onChange={(event) => setDifficulty(event.target.value)}>
          <option value="">Any difficulty</option>
          {DIFFICULTY.map((label, index) => (
            <option key={label} value={index + 1}>
              {index + 1} · {label}
            </option>
          ))}
        </select>
      </div>
      {mode === 'topic' ? (
        <div className="field">
          <label htmlFor={`${id}-count`}>Number of problems</label>
          <input id={`${id}-count`} type="number" min={1} max={20} value={count} onChange={(event) => setCount(Math.max(1, Math.min(20, Number(event.target.value) || 1)))} />
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-search`}>Words in the question</label>
          <input id={`${id}-search`} type="search" value={search} placeholder="e.g. simplify" onChange={(event) => setSearch(event.target.value)} />
        </div>
      )}
    </div>
  );

  const shown = mode === 'topic' ? chosen : (found?.problems ?? []);

  return (
    <form className="assign-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Set work</h3>
      <fieldset className="assign-tabs">
        <legend>Problems from</legend>
        {(
          [
            ['topic', 'A topic of the bank'],
            ['browse', 'Pick from the bank'],
            ['set', 'One of my question sets'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="assign-tab">
            <input type="radio" name={`${id}-mode`} value={value} checked={mode === value} onChange={() => setMode(value)} />
            {label}
          </label>
        ))}
      </fieldset>

      {mode === 'set' ? (
        <div className="field">
          <label htmlFor={`${id}-set`}>Question set</label>
          <select id={`${id}-set`} value={setId} onChange={(event) => setSetId(event.target.value)}>
            <option value="">Choose a set…</option>
            {sets.kind === 'ready'
              ? sets.data.sets
                  .filter((set) => set.question_count > 0)
                  .map((set) => (
                    <option key={set.id} value={set.id}>
                      {set.title} ({set.question_count} {set.question_count === 1 ? 'question' : 'questions'})
                    </option>
                  ))
              : null}
          </select>
        </div>
      ) : (
        <>
          {filters}
          <div className="qs-form-actions">
            {mode === 'topic' ? (
              <button type="button" className="button" disabled={busy} onClick={() => void draw()}>
                {chosen.length > 0 ? 'Choose other problems' : `Choose ${count} problems`}
              </button>
            ) : (
              <button type="button" className="button" disabled={busy} onClick={() => void browse(1)}>
                Show problems
              </button>
            )}
            {mode === 'browse' && found ? <span className="muted small">{found.total} in the bank</span> : null}
          </div>
          {shown.length > 0 ? (
            <ul className="assign-problems" aria-label={mode === 'topic' ? 'Chosen problems' : 'Problems in the bank'}>
              {shown.map((problem, index) => {
                const isChosen = chosen.some((item) => item.id === problem.id);
                return (
                  <li key={problem.id} className={`assign-problem${isChosen ? ' is-chosen' : ''}`}>
                    <input id={`${id}-p-${problem.id}`} type="checkbox" checked={isChosen} onChange={() => toggle(problem)} aria-describedby={`${id}-q-${problem.id}`} />
                    <label htmlFor={`${id}-p-${problem.id}`} className="assign-problem-question" id={`${id}-q-${problem.id}`}>
                      <span className="visually-hidden">Problem {index + 1}: </span>
                      <MathText text={problem.question} />
                    </label>
                    <span className="assign-problem-meta">
                      Grade {problem.grade} · Difficulty {problem.difficulty_level} ({DIFFICULTY[problem.difficulty_level - 1]}) · Answer:{' '}
                      {problem.correct_answer ? <TypedMath value={problem.correct_answer} /> : '—'}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {mode === 'browse' && found?.hasNext ? (
            <button type="button" className="button small" disabled={busy} onClick={() => void browse(found.page + 1)}>
              Show more
            </button>
          ) : null}
          <p className="assign-summary" aria-live="polite">
            {chosen.length} {chosen.length === 1 ? 'problem' : 'problems'} chosen
          </p>
        </>
      )}

      <div className="assign-grid">
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} value={title} maxLength={100} placeholder={defaultTitle() || 'e.g. Fractions homework'} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-due`}>Due date</label>
          <input id={`${id}-due`} type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} aria-describedby={`${id}-zone`} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>Due time</label>
          <input id={`${id}-time`} type="time" value={dueTime} onChange={(event) => setDueTime(event.target.value)} aria-describedby={`${id}-zone`} />
        </div>
      </div>
      <p className="field-hint" id={`${id}-zone`}>
        In the class's time zone: {timeZoneLabel(props.timeZone)} time.
      </p>

      <fieldset className="qs-students">
        <legend className="qs-subheading">Who gets it</legend>
        <label className="qs-student">
          <input type="radio" name={`${id}-who`} checked={everyone} onChange={() => setEveryone(true)} /> The whole class ({active.length} active {active.length === 1 ? 'student' : 'students'})
        </label>
        <label className="qs-student">
          <input type="radio" name={`${id}-who`} checked={!everyone} onChange={() => setEveryone(false)} /> Chosen students
        </label>
        {!everyone
          ? active.map((student) => (
              <label key={student.id} className="qs-student">
                <input
                  type="checkbox"
                  checked={picked.has(student.id)}
                  onChange={() =>
                    setPicked((current) => {
                      const next = new Set(current);
                      if (!next.delete(student.id)) next.add(student.id);
                      return next;
                    })
                  }
                />
                {student.name}
              </label>
            ))
          : null}
      </fieldset>

      <FormFooter error={error?.message ?? null} busy={busy} label="Set work" busyLabel="Working…" onCancel={props.onCancel} />
    </form>
  );
}
