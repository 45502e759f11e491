import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ACHIEVEMENT_CATEGORIES, nextAchievements, type AchievementCategory } from '@mathdaily/domain/learning/achievements';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { useAuth } from '../../auth/auth-store.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { fetchAchievements, type Achievement, type AchievementsData } from './achievements-api.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import './achievements.css';

export const ACHIEVEMENTS_LOAD_ERROR = 'Failed to load achievements. Please try again.';

type Tab = 'all' | AchievementCategory;
const TABS: readonly Tab[] = ['all', ...ACHIEVEMENT_CATEGORIES];
const TAB_LABELS: Record<Tab, string> = {
  all: 'All',
  milestone: 'Milestone',
  subject: 'Subject',
  challenge: 'Challenge',
  performance: 'Performance',
  streak: 'Streak',
  learning: 'Learning',
};


export const formatEarnedDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** /achievements: SPEC §2 Achievements, from the real query (12 achievements). */
export function AchievementsPage() {
  useDocumentTitle('Achievements');
  const user = useAuth((state) => state.user);
  const { load, reload } = useLoad(useMemo(() => (user ? (signal: AbortSignal) => fetchAchievements(user.id, signal) : null), [user]));
  const [tab, setTab] = useState<Tab>('all');

  return (
    <main id="main" className="page achievements-page">
      <header className="achievements-header">
        <h1>Achievements</h1>
        <p className="muted">Badges you earn by practising. Keep going to unlock them all.</p>
      </header>

      {load.kind === 'loading' ? (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading achievements...
          </span>
          <div className="skeleton achievements-skeleton-summary" aria-hidden="true" />
          <div className="achievement-grid" aria-hidden="true">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className="skeleton achievements-skeleton-card" />
            ))}
          </div>
        </div>
      ) : null}

      {load.kind === 'error' ? (
        <RetryAlert className="achievements-error" onRetry={reload}>
          <h2>{ACHIEVEMENTS_LOAD_ERROR}</h2>
        </RetryAlert>
      ) : null}

      {load.kind === 'ready' ? <AchievementsView data={load.data} tab={tab} onTab={setTab} /> : null}
    </main>
  );
}

function AchievementsView({ data, tab, onTab }: { data: AchievementsData; tab: Tab; onTab: (tab: Tab) => void }) {
  const uid = useId();
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());
  const list = data.achievements;
  const earned = list.filter((a) => a.earned).length;
  const total = list.length;
  const percentEarned = total > 0 ? Math.round((earned / total) * 100) : 0;
  const next = nextAchievements(list);
  const shown = tab === 'all' ? list : list.filter((a) => a.category === tab);
  const counts = (t: Tab) => {
    const inTab = t === 'all' ? list : list.filter((a) => a.category === t);
    return { earned: inTab.filter((a) => a.earned).length, total: inTab.length };
  };

  // Arrow keys move between tabs (and select them), Home/End jump to the ends.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    let target: Tab | undefined;
    if (event.key === 'ArrowRight') target = TABS[(index + 1) % TABS.length];
    else if (event.key === 'ArrowLeft') target = TABS[(index - 1 + TABS.length) % TABS.length];
    else if (event.key === 'Home') target = TABS[0];
    else if (event.key === 'End') target = TABS[TABS.length - 1];
    if (!target) return;
    event.preventDefault();
    onTab(target);
    tabRefs.current.get(target)?.focus();
  };

  return (
    <>
      <section className="card achievements-summary" aria-labelledby={`${uid}-summary`}>
        <div className="achievements-summary-figure">
          <span className="achievements-trophy" aria-hidden="true">
            🏆
          </span>
          <div>
            <h2 id={`${uid}-summary`} className="achievements-count" data-testid="achievements-earned">
              {earned} of {total} earned
            </h2>
            <p className="muted">{percentEarned}% complete</p>
          </div>
        </div>
        <ProgressBar className="achievements-summary-bar" label="Achievements earned" percent={percentEarned} valueText={`${percentEarned}%: ${earned} of ${total} earned`} />
        <ul className="achievements-category-counts" aria-label="Earned by category">
          {ACHIEVEMENT_CATEGORIES.map((category) => {
            const c = counts(category);
            return (
              <li key={category}>
                <span className="category-name">{TAB_LABELS[category]}</span>
                <span className="category-count" data-testid={`category-count-${category}`}>
                  {c.earned}/{c.total}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      {next.length > 0 ? (
        <section className="achievements-next" aria-labelledby={`${uid}-next`}>
          <h2 id={`${uid}-next`}>Next Achievements</h2>
          <p className="muted">You are more than halfway to these:</p>
          <AchievementGrid achievements={next} />
        </section>
      ) : null}

      <section className="achievements-all" aria-labelledby={`${uid}-all`}>
        <h2 id={`${uid}-all`} className="visually-hidden">
          All achievements
        </h2>
        <div className="achievements-tabs" role="tablist" aria-label="Achievement categories">
          {TABS.map((t) => {
            const c = counts(t);
            const selected = t === tab;
            return (
              <button
                key={t}
                ref={(element) => {
                  if (element) tabRefs.current.set(t, element);
                  else tabRefs.current.delete(t);
                }}
                type="button"
                role="tab"
                id={`${uid}-tab-${t}`}
                aria-selected={selected}
                aria-controls={`${uid}-panel`}
                tabIndex={selected ? 0 : -1}
                className={`achievements-tab${selected ? ' is-selected' : ''}`}
                onClick={() => onTab(t)}
                onKeyDown={onTabKey}
              >
                {TAB_LABELS[t]}
                <span className="achievements-tab-count">
                  {c.earned}/{c.total}
                </span>
              </button>
            );
          })}
        </div>
        <div role="tabpanel" id={`${uid}-panel`} aria-labelledby={`${uid}-tab-${tab}`} tabIndex={0} className="achievements-panel">
          {shown.length === 0 ? (
            <p className="muted">No achievements in this category.</p>
          ) : (
            <AchievementGrid achievements={shown} testId="achievement-list" />
          )}
        </div>
      </section>

      <p className="achievements-cta">
        <ButtonLink to="/learn" primary>Practise to earn more</ButtonLink>
      </p>
    </>
  );
}

function AchievementGrid({ achievements, testId }: { achievements: readonly Achievement[]; testId?: string }) {
  return (
    <ul className="achievement-grid" data-testid={testId}>
      {achievements.map((achievement) => (
        <li key={achievement.id}>
          <AchievementCard achievement={achievement} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}

function AchievementCard({ achievement, headingLevel }: { achievement: Achievement; headingLevel: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const progress = Math.round(Math.max(0, Math.min(100, achievement.progress)));
  return (
    <article
      className={`achievement-card${achievement.earned ? ' is-earned' : ''}`}
      data-testid="achievement"
      data-achievement={achievement.id}
      data-earned={achievement.earned}
    >
      <span className="achievement-icon" aria-hidden="true" style={{ backgroundColor: `${achievement.color}1f`, borderColor: achievement.color }}>
        {achievement.icon}
      </span>
      <div className="achievement-body">
        <Heading className="achievement-title">{achievement.title}</Heading>
        <p className="achievement-description">{achievement.description}</p>
        <p className="achievement-meta">
          <span className="achievement-category">{TAB_LABELS[achievement.category]}</span>
        </p>
        {achievement.earned ? (
          <p className="achievement-earned">
            <span aria-hidden="true">✓ </span>
            {achievement.earnedDate ? `Earned on ${formatEarnedDate(achievement.earnedDate)}` : 'Earned'}
          </p>
        ) : (
          <div className="achievement-progress">
            <ProgressBar label={`${achievement.title} progress`} percent={progress} fillColor={achievement.color} />
            <span className="achievement-percent">{progress}%</span>
          </div>
        )}
      </div>
    </article>
  );
}
