import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import type { DueProblem, DueProblemsResponse } from '@mathdaily/domain/api/learning';
import { launchBrowser, screenshot, seriousA11yViolations, signedInPage, startTestApp } from './harness.ts';

/**
 * The practice loop in the browser (SPEC §2 Learn, Student dashboard, Progress, Achievements): a
 * demo student answers 5 problems (one wrong, one with the hint opened), rates each, ends the
 * session and sees the summary; then the dashboard, progress and achievements pages show it.
 * The correct answers come from the server side (the problem's ProblemCreated event in the app's
 * event store), never from a route.
 */

let app: RunningApp;
let browser: Browser;
let tokens: { accessToken: string; refreshToken: string; user: { id: string; firstName: string } };
/** The app's clock runs this far ahead of the real one (moved to make reviews due). */
let clockOffset = 0;

async function signInDemoStudent() {
  const response = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo.student@example.com', password: 'Demo123!' }),
  });
  expect(response.status).toBe(200);
  tokens = (await response.json()) as typeof tokens;
}

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true, clock: () => new Date(Date.now() + clockOffset) });
  browser = await launchBrowser();
  await signInDemoStudent();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The test student's page, signed in. */
const signedIn = (viewport: { width: number; height: number }) => signedInPage(browser, tokens, viewport);

interface StoredProblem {
  problem_type: string;
  answer_form: { kind: string; variables?: string[] };
  answer_options: string[] | null;
  correct_answer: string;
}

/** The problem as its stream says (server side). */
async function problemFacts(problemId: string): Promise<StoredProblem> {
  const stream = await app.store.readStream(`problem-${problemId}`);
  const created = stream.events.find((event) => event.type === 'ProblemCreated');
  if (!created) throw new Error(`no problem ${problemId}`);
  return created.data as StoredProblem;
}

/** A wrong answer the checker can read in the problem's answer form (an unreadable one is a retry). */
function wrongAnswer(problem: StoredProblem): string {
  if (problem.problem_type === 'multiple_choice') return problem.answer_options!.find((option) => option !== problem.correct_answer)!;
  const n = /987/.test(problem.correct_answer) ? '123456' : '987654';
  const variable = problem.answer_form.variables?.[0] ?? 'x';
  switch (problem.answer_form.kind) {
    case 'point':
      return `(${n}, ${n})`;
    case 'inequality':
      return `${variable} > ${n}`;
    case 'equation':
      return `y = ${n}x`;
    case 'equation_solution':
      return `${variable} = ${n}`;
    case 'ratio':
      return `${n}:1`;
    case 'time':
      return /11:59/.test(problem.correct_answer) ? '10:01' : '11:59';
    case 'standard_form':
      return `9.87 × 10^${/\^\s*2[0-9]/.test(problem.correct_answer) ? 3 : 29}`;
    case 'antiderivative':
      return `${n}${variable} + C`;
    case 'text':
      return 'zzz';
    default:
      return n;
  }
}

async function answer(page: Page, problem: StoredProblem, text: string, submitWith: 'click' | 'enter') {
  if (problem.problem_type === 'multiple_choice') {
    await page.getByRole('radio', { name: text, exact: true }).check();
    if (submitWith === 'enter') await page.getByRole('radio', { name: text, exact: true }).press('Enter');
  } else {
    const box = page.getByRole('textbox', { name: 'Your answer' });
    await box.fill(text);
    if (submitWith === 'enter') await box.press('Enter');
  }
  if (submitWith === 'click') await page.getByRole('button', { name: 'Submit Answer' }).click();
}

/** Ids of the achievements the real query says are earned. */
async function earnedAchievements(): Promise<string[]> {
  const response = await fetch(`${app.url}/api/learning/achievements/${tokens.user.id}`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  const body = (await response.json()) as { data: { achievements: { id: string; earned: boolean }[] } };
  return body.data.achievements.filter((a) => a.earned).map((a) => a.id);
}

/**
 * For tests that hand the page their own due queue on each visit: the open session of the day,
 * which /learn otherwise continues (tested in the first test), is left aside.
 */
const everyVisitANewSession = (page: Page) =>
  page.route('**/api/learning/sessions/current/**', (route) => route.fulfill({ json: { data: { session: null } } }));

/** A problem from the bank's listing put first in a real due queue, as the queue sends a new problem (its progress is the queue's first's: a new student's queue holds new problems only). */
function asFirstOfQueue(listed: { id: string }, queue: DueProblemsResponse): DueProblem {
  const [queued] = queue.data.problems;
  return { ...queued!, ...listed, kind: 'new', assigned: false, has_hint: true, hint: null, correct_answer: null, explanation: null };
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

async function expectNoA11yViolations(page: Page, where: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations.map((v) => `${where}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('the practice loop', () => {
  test('a student completes a session of 5 problems, and the dashboard, progress and achievements pages reflect it', async () => {
    const { context, page } = await signedIn(DESKTOP);

    // Before practising: empty progress, nothing earned.
    await page.goto(`${app.url}/progress`);
    await page.getByRole('heading', { name: 'No Progress Data' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'Start Learning' }).getAttribute('href')).toBe('/learn');
    await screenshot(page, 'practice-desktop-progress-empty');

    await page.goto(`${app.url}/learn`);
    const problemCard = page.locator('article[data-step="problem"]');
    await problemCard.waitFor({ timeout: 15_000 });
    expect(await page.title()).toBe('Practice session · MathDaily');
    expect(await text(page, 'motivational-line')).toBe("Ready to start learning? Let's go.");
    const footer = (await text(page, 'problem-position'))!;
    const total = Number(/^Problem 1 of (\d+)$/.exec(footer)?.[1]);
    expect(total).toBeGreaterThanOrEqual(6);
    expect(total).toBeLessThanOrEqual(20);
    expect(await text(page, 'stat-remaining')).toBe(String(total));
    expect(await text(page, 'problem-difficulty')).toMatch(/^Difficulty: [1-5]\/5$/);
    // Focus is where the child answers: the answer box, or the first option.
    const focusedInput = () => page.evaluate(() => (document.activeElement instanceof HTMLInputElement ? document.activeElement.type : null));
    const first = await problemFacts((await problemCard.getAttribute('data-problem-id'))!);
    expect(await focusedInput()).toBe(first.problem_type === 'multiple_choice' ? 'radio' : 'text');
    await screenshot(page, 'practice-desktop-1-problem');
    await expectNoA11yViolations(page, 'problem step');

    if (first.problem_type !== 'multiple_choice') {
      // An empty answer is refused on the page.
      await page.getByRole('button', { name: 'Submit Answer' }).click();
      await page.locator('.learn-answer-error', { hasText: 'Please enter an answer' }).waitFor();
    }
    if (first.answer_form.kind !== 'choice' && first.answer_form.kind !== 'text') {
      // An answer the checker cannot read is a retry: its message, the text kept, the focus back in the box, nothing recorded.
      const box = page.getByRole('textbox', { name: 'Your answer' });
      await box.fill('qq??');
      await box.press('Enter');
      await page.locator('.learn-answer-error', { hasNotText: 'Please enter an answer' }).waitFor({ timeout: 10_000 });
      expect(await box.inputValue()).toBe('qq??');
      await expect.poll(focusedInput).toBe('text');
      expect((await app.store.readStream(`practice-${tokens.user.id}`)).events.some((event) => event.type === 'AnswerSubmitted')).toBe(false);
      await screenshot(page, 'practice-desktop-1-unreadable');
    }

    const plan = [
      { correct: true, hint: false, rating: 'key 3' },
      { correct: true, hint: true, rating: 'Hard' },
      { correct: false, hint: false, rating: 'Too Hard' },
      { correct: true, hint: false, rating: 'Too Easy' },
      { correct: true, hint: false, rating: 'key 2' },
    ] as const;
    const problemIds: string[] = [];

    for (const [index, step] of plan.entries()) {
      // The miss (problem 3) is asked again later, so the session has one problem more from then on.
      const asked = index <= 2 ? total : total + 1;
      await page.locator('footer[data-testid="problem-position"]', { hasText: `Problem ${index + 1} of ${asked}` }).waitFor({ timeout: 10_000 });
      const problemId = (await problemCard.getAttribute('data-problem-id'))!;
      problemIds.push(problemId);
      const problem = await problemFacts(problemId);
      // After the rating, the next problem's answer box has the focus.
      await expect.poll(focusedInput).toBe(problem.problem_type === 'multiple_choice' ? 'radio' : 'text');

      if (step.hint) {
        const toggle = page.getByRole('button', { name: 'Need a hint?' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await expect.poll(async () => ((await page.getByTestId('hint-panel').textContent()) ?? '').trim().length).toBeGreaterThan(5);
        await screenshot(page, 'practice-desktop-2-hint');
      }

      await answer(page, problem, step.correct ? problem.correct_answer : wrongAnswer(problem), index % 2 === 0 ? 'enter' : 'click');

      const verdict = step.correct ? 'Correct!' : 'Not Quite Right';
      await page.getByRole('heading', { name: verdict }).waitFor({ timeout: 10_000 });
      await page.getByRole('heading', { name: step.correct ? 'Why this is correct:' : "Here's the correct approach:" }).waitFor();
      // The verdict is announced; the focus is on the button to press next.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue to Rate Difficulty');
      if (!step.correct) {
        expect(await page.getByTestId('correct-answer').count()).toBe(1);
        await screenshot(page, 'practice-desktop-3-feedback-wrong');
        await expectNoA11yViolations(page, 'feedback step');
      }

      await page.getByRole('button', { name: 'Continue to Rate Difficulty' }).click();
      await page.getByRole('heading', { name: 'How difficult was this problem?' }).waitFor();
      const radios = ['Too Easy', 'Easy', 'Just Right', 'Hard', 'Too Hard'];
      const enabled = await Promise.all(radios.map((name) => page.getByRole('radio', { name, exact: true }).isEnabled()));
      if (!step.correct) {
        expect(enabled).toEqual([false, false, false, true, true]);
        expect(await text(page, 'rating-note')).toBe('Since you got it wrong, ratings 1-3 are not available');
        await screenshot(page, 'practice-desktop-4-rating-wrong');
        await expectNoA11yViolations(page, 'rating step');
      } else if (step.hint) {
        expect(enabled).toEqual([false, false, true, true, true]);
        expect(await text(page, 'rating-note')).toBe('Since you used a hint, ratings 1-2 are not available');
      } else {
        expect(enabled).toEqual([true, true, true, true, true]);
        expect(await page.getByTestId('rating-note').count()).toBe(0);
      }

      if (step.rating.startsWith('key ')) {
        const key = step.rating.slice(4);
        await page.keyboard.press(key);
        expect(await page.getByRole('radio', { name: radios[Number(key) - 1]!, exact: true }).isChecked()).toBe(true);
      } else {
        await page.getByRole('radio', { name: step.rating, exact: true }).check();
      }
      await page.getByText('Rating saved. Loading the next problem...').waitFor({ timeout: 5_000 });
    }

    // Problem 6 is the missed problem 3 again, after two others; the header reflects the 5 answers.
    await page.locator('footer[data-testid="problem-position"]', { hasText: `Problem 6 of ${total + 1}` }).waitFor({ timeout: 10_000 });
    expect(await problemCard.getAttribute('data-problem-id')).toBe(problemIds[2]);
    expect(await text(page, 'problem-retry')).toBe('Try again');
    expect(await text(page, 'stat-accuracy')).toBe('80%');
    expect(await text(page, 'stat-remaining')).toBe(String(total + 1 - 5));
    await screenshot(page, 'practice-desktop-5-retry');
    expect(await text(page, 'motivational-line')).toBe("Excellent performance! You're on fire!");
    expect(await text(page, 'stat-avg-time')).toMatch(/^(\d+ms|\d+\.\ds)$/);
    // Streak: the run of right answers across the session (the last two), not the problem's own.
    expect(await text(page, 'stat-streak')).toBe('2');

    // A reload mid-session continues the same session at the same problem, with its figures (issue 31 item 2).
    await page.reload();
    await page.locator('footer[data-testid="problem-position"]', { hasText: `Problem 6 of ${total + 1}` }).waitFor({ timeout: 15_000 });
    expect(await problemCard.getAttribute('data-problem-id')).toBe(problemIds[2]);
    expect(await text(page, 'problem-retry')).toBe('Try again');
    expect(await text(page, 'stat-accuracy')).toBe('80%');
    expect(await text(page, 'stat-streak')).toBe('2');
    expect(await text(page, 'stat-remaining')).toBe(String(total + 1 - 5));
    await screenshot(page, 'practice-desktop-5-resumed');

    await page.getByRole('button', { name: 'End Session' }).click();
    await page.getByRole('heading', { name: 'Session Complete!' }).waitFor();
    expect(await text(page, 'summary-completed')).toBe('5');
    expect(await text(page, 'summary-accuracy')).toBe('80%');
    expect(await text(page, 'summary-correct')).toBe('4');
    expect(await text(page, 'summary-incorrect')).toBe('1');
    expect(await text(page, 'summary-success-rate')).toBe('80%');
    expect(await text(page, 'summary-session-time')).toMatch(/^(<1 min|\d+ min)$/);
    expect(await text(page, 'summary-avg-response')).toMatch(/^(\d+ms|\d+\.\ds)$/);
    expect(await text(page, 'summary-per-minute')).toMatch(/^\d+\.\d$/);
    expect(await text(page, 'performance-level')).toBe('Performance: Great');
    expect(await page.getByTestId('session-achievement').allTextContents()).toEqual([expect.stringContaining('High Accuracy')]);
    await page.getByRole('heading', { name: "What's Next?" }).waitFor();
    // The review that teaches (issue 31 item 4): the one miss, with both answers and the explanation.
    const reviewed = page.getByTestId('review-item');
    expect(await reviewed.count()).toBe(1);
    expect(await reviewed.locator('dt').allTextContents()).toEqual(['Your answer', 'Correct answer']);
    expect(await reviewed.getByText('How to work it out').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Practise these again' }).isVisible()).toBe(true);
    await screenshot(page, 'practice-desktop-5-summary');
    await expectNoA11yViolations(page, 'summary');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'practice-phone-5-summary');
    await page.setViewportSize(DESKTOP);

    // What the server recorded: 5 answers (the hint on the 2nd), 5 ratings, the session ended.
    await expect
      .poll(async () => (await app.store.readStream(`practice-${tokens.user.id}`)).events.map((event) => event.type).join(','))
      .toContain('PracticeSessionEnded');
    const events = (await app.store.readStream(`practice-${tokens.user.id}`)).events;
    const answers = events.filter((event) => event.type === 'AnswerSubmitted').map((event) => event.data as { problemId: string; isCorrect: boolean; hintsUsed: number });
    expect(answers.map((a) => a.problemId)).toEqual(problemIds);
    expect(answers.map((a) => a.isCorrect)).toEqual([true, true, false, true, true]);
    expect(answers.map((a) => a.hintsUsed)).toEqual([0, 1, 0, 0, 0]);
    expect(events.filter((event) => event.type === 'HintOpened')).toHaveLength(1);
    // One session, started once with its plan (the reload continued it).
    const starts = events.filter((event) => event.type === 'PracticeSessionStarted').map((event) => event.data as { problemIds: string[] });
    expect(starts).toHaveLength(1);
    expect(starts[0]!.problemIds).toHaveLength(total);
    expect(events.filter((event) => event.type === 'DifficultyRated').map((event) => (event.data as { rating: number }).rating)).toEqual([3, 4, 5, 1, 2]);
    expect(events.find((event) => event.type === 'PracticeSessionEnded')?.data).toMatchObject({ problemsCompleted: 5, correctAnswers: 4 });

    // Two minutes later the miss, not asked again before the session ended, is due (its FSRS learning step).
    clockOffset += 2 * 60_000;

    // Dashboard: real figures.
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('tile-problems-solved').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Good (morning|afternoon|evening), Demo!$/);
    // Problems solved counts problems answered right at least once (docs/practice-loop.md): 4 of the 5.
    expect(await text(page, 'tile-problems-solved')).toBe('4');
    expect(await text(page, 'tile-day-streak')).toBe('1 day');
    expect(await text(page, 'tile-grade-level')).toBe('Grade 7');
    expect(await text(page, 'tile-progress')).toMatch(/^\d{1,3}%$/);
    expect(await text(page, 'review-due')).toBe('1 problem due');
    // First Steps for sure; Topic Explorer too when the 5 problems covered 5 topics (the queue varies).
    const earned = await earnedAchievements();
    expect(earned).toContain('first-steps');
    expect(await text(page, 'achievements-count')).toBe(`${earned.length} of 12`);
    expect(await page.getByRole('link', { name: 'Start Practice' }).getAttribute('href')).toBe('/learn');
    expect(await page.getByRole('link', { name: 'View Achievements' }).getAttribute('href')).toBe('/achievements');
    await screenshot(page, 'practice-desktop-6-dashboard');
    await expectNoA11yViolations(page, 'dashboard');

    // Progress page.
    await page.getByRole('link', { name: /See your detailed progress/ }).click();
    await page.getByTestId('success-rate').waitFor({ timeout: 10_000 });
    expect(await text(page, 'success-rate')).toBe('80%');
    expect(await text(page, 'overall-mastery')).toBe('Beginner');
    expect(await text(page, 'current-streak')).toBe('1 day');
    expect(await text(page, 'study-time')).toMatch(/^\d+h \d+m$/);
    expect(await page.getByTestId('review-banner').count()).toBe(1);
    expect(await page.locator('table[data-testid="topic-chart"] tbody tr').count()).toBeGreaterThan(0);
    // The charts (recharts, loaded with them) and their tables for screen readers.
    await page.locator('[data-testid="topic-bars-chart"] svg .recharts-bar-rectangle').first().waitFor({ timeout: 10_000 });
    await page.locator('[data-testid="week-chart"] svg .recharts-bar-rectangle').first().waitFor({ timeout: 10_000 });
    expect(await page.locator('table[data-testid="week-table"] tbody tr').count()).toBe(7);
    expect(await page.getByTestId('week-chart').getAttribute('aria-hidden')).toBe('true');
    expect(await page.getByTestId('progress-insights').textContent()).toContain('You answered 80% of 5 questions correctly');
    await page.getByRole('button', { name: /Refresh Data/ }).click();
    await page.getByRole('button', { name: /Refresh Data/ }).waitFor();
    expect(await text(page, 'success-rate')).toBe('80%');
    expect(await page.getByRole('link', { name: 'Continue Learning' }).getAttribute('href')).toBe('/learn');
    expect(await page.getByRole('link', { name: 'Choose a Topic' }).getAttribute('href')).toBe('/topics');
    // What is coming (issue 31 item 6): 14 days of reviews, today's the one due; the knowledge map by strand,
    // the topics practised today in progress (mastery needs two days), none mastered.
    const ahead = page.getByTestId('reviews-ahead').locator('li');
    expect(await ahead.count()).toBe(14);
    expect(await ahead.first().textContent()).toContain('Today: 1 review');
    await page.getByTestId('map-topic').first().waitFor({ timeout: 10_000 });
    const statuses = await page.getByTestId('map-topic').evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
    expect(statuses).toContain('in_progress');
    expect(statuses).not.toContain('mastered');
    expect(await page.getByTestId('knowledge-map').getByRole('heading', { level: 3 }).first().textContent()).toBe('Number');
    await screenshot(page, 'practice-desktop-7-progress');
    await expectNoA11yViolations(page, 'progress');

    // Achievements: First Steps earned, with its date.
    await page.goto(`${app.url}/achievements`);
    await page.getByTestId('achievements-earned').waitFor({ timeout: 10_000 });
    expect(await text(page, 'achievements-earned')).toBe(`${earned.length} of 12 earned`);
    expect(await page.locator('[data-achievement="first-steps"][data-earned="true"]').first().textContent()).toContain('Earned on');
    expect(await text(page, 'category-count-milestone')).toBe('1/3');
    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBe(7);
    await page.getByRole('tab', { name: /^All/ }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: /^Milestone/ }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('[data-testid="achievement-list"] [data-testid="achievement"]').count()).toBe(3);
    await page.keyboard.press('End');
    expect(await page.getByRole('tab', { name: /^Learning/ }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    expect(await page.locator('[data-testid="achievement-list"] [data-testid="achievement"]').count()).toBe(12);
    await screenshot(page, 'practice-desktop-8-achievements');
    await expectNoA11yViolations(page, 'achievements');

    // Start New Session from a new visit: a new session id, the queue reloaded.
    await page.goto(`${app.url}/learn`);
    await problemCard.waitFor({ timeout: 15_000 });
    // The missed problem is the first review of the new session; the others are new.
    expect(await problemCard.getAttribute('data-problem-id')).toBe(problemIds[2]);
    expect(await page.locator('.learn-chip-review').count()).toBe(1);
    await context.close();
  }, 240_000);

  test('phone layouts of learn, dashboard, progress and achievements', async () => {
    const { context, page } = await signedIn(PHONE);
    await page.goto(`${app.url}/learn`);
    await page.locator('article[data-step="problem"]').waitFor({ timeout: 15_000 });
    await screenshot(page, 'practice-phone-1-problem');
    await expectNoA11yViolations(page, 'phone problem step');
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noOverflow()).toBe(true);

    const problem = await problemFacts((await page.locator('article[data-step="problem"]').getAttribute('data-problem-id'))!);
    await answer(page, problem, wrongAnswer(problem), 'click');
    await page.getByRole('heading', { name: 'Not Quite Right' }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'practice-phone-2-feedback');
    await page.getByRole('button', { name: 'Continue to Rate Difficulty' }).click();
    await page.getByRole('heading', { name: 'How difficult was this problem?' }).waitFor();
    await screenshot(page, 'practice-phone-3-rating');
    expect(await noOverflow()).toBe(true);
    await page.getByRole('button', { name: 'End Session' }).click();
    await page.getByRole('heading', { name: 'Session Complete!' }).waitFor();
    expect(await text(page, 'summary-completed')).toBe('1');
    expect(await text(page, 'performance-level')).toBe('Performance: Developing');
    await screenshot(page, 'practice-phone-4-summary');
    expect(await noOverflow()).toBe(true);
    // Start New Session reloads the due problems under a new session id.
    await page.getByRole('button', { name: 'Start New Session' }).click();
    await page.locator('article[data-step="problem"]').waitFor({ timeout: 15_000 });
    expect(await text(page, 'stat-accuracy')).toBe('0%');

    for (const [path, ready, name] of [
      ['/dashboard', 'tile-problems-solved', 'dashboard'],
      ['/progress', 'success-rate', 'progress'],
      ['/achievements', 'achievements-earned', 'achievements'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await page.getByTestId(ready).waitFor({ timeout: 10_000 });
      await screenshot(page, `practice-phone-${name}`);
      expect(await noOverflow()).toBe(true);
      await expectNoA11yViolations(page, `phone ${name}`);
    }
    // 6 answers now, 4 correct (the wrong one on the phone): 67 %.
    await page.goto(`${app.url}/progress`);
    await page.getByTestId('success-rate').waitFor({ timeout: 10_000 });
    expect(await text(page, 'success-rate')).toBe('67%');
    await context.close();
  }, 180_000);

  test('a grade-3 shape problem and a bar chart problem show their figures at 390 px, with their text alternatives', async () => {
    const { context, page } = await signedIn(PHONE);
    await everyVisitANewSession(page);
    // Real problems from the bank, each put first in the queue the page receives.
    let first: Listed | null = null;
    await page.route('**/api/learning/due-problems/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as DueProblemsResponse;
      body.data.problems.unshift(asFirstOfQueue(first!, body));
      await route.fulfill({ response, json: body });
    });
    type Listed = { id: string; figure: { svg: string; alt: string } | null; correct_answer: string | null };
    for (const { query, alt, name } of [
      { query: 'topic=area-perimeter&grade=3&type=geometry&limit=1', alt: /^A rectangle \d+ cm long and \d+ cm wide\.$/, name: 'figure' },
      { query: 'q=pets&topic=averages&limit=1', alt: /^A bar chart of the table\. 0 pets: \d+ students; 1 pet: \d+ students;/, name: 'bar-chart' },
    ]) {
      const listed = await fetch(`${app.url}/api/problems?${query}`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
      const [problem] = ((await listed.json()) as { data: { problems: Listed[] } }).data.problems;
      expect(problem?.figure?.alt).toMatch(alt);
      expect(problem?.correct_answer).toBeNull();
      first = problem!;
      await page.goto(`${app.url}/learn`);
      const figure = page.getByTestId('problem-figure').getByRole('img');
      await figure.waitFor({ timeout: 15_000 });
      expect(await figure.getAttribute('alt')).toBe(problem!.figure!.alt);
      expect(await figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const box = (await figure.boundingBox())!;
      expect(box.width).toBeGreaterThan(200);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `practice-phone-${name}`);
      await expectNoA11yViolations(page, `phone ${name}`);
    }
    await context.close();
  });

  test('Read aloud: off by default for grade 7, turned on in the profile, speaks the maths as words, Alt+R too, stops on the next problem', async () => {
    const { context, page } = await signedIn(PHONE);
    await everyVisitANewSession(page);
    // The browser's speech synthesis, recorded (a test machine has no voice).
    await context.addInitScript(() => {
      const spoken: string[] = [];
      let cancelled = 0;
      Object.assign(window, { spoken, cancelledSpeech: () => cancelled });
      window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
        spoken.push(utterance.text);
      };
      window.speechSynthesis.cancel = () => {
        cancelled += 1;
      };
    });
    const listed = await fetch(`${app.url}/api/problems?q=${encodeURIComponent('frac')}&topic=fractions&limit=50`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    const problems = ((await listed.json()) as { data: { problems: { id: string; question: string; problem_type: string }[] } }).data.problems;
    const withFraction = problems.find((p) => /\\frac\{3\}\{4\}|\\frac\{\d\}\{\d\}/.test(p.question) && p.problem_type !== 'multiple_choice') ?? problems[0]!;
    await page.route('**/api/learning/due-problems/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as DueProblemsResponse;
      body.data.problems.unshift(asFirstOfQueue(withFraction, body));
      await route.fulfill({ response, json: body });
    });

    await page.goto(`${app.url}/learn`);
    await page.locator('article[data-step="problem"]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('read-aloud').count()).toBe(0);

    await page.goto(`${app.url}/profile`);
    const setting = page.getByTestId('read-aloud-setting');
    await setting.waitFor({ timeout: 10_000 });
    expect(await setting.isChecked()).toBe(false);
    await setting.check();
    await expectNoA11yViolations(page, 'profile reading');

    await page.goto(`${app.url}/learn`);
    const button = page.getByRole('button', { name: 'Read aloud' });
    await button.waitFor({ timeout: 15_000 });
    await button.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.length), { timeout: 15_000 }).toBe(1);
    const said = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken[0]!);
    // The fraction is said as a teacher would say it, not read out as LaTeX.
    expect(said).not.toMatch(/\\frac|\$/);
    expect(said).toMatch(/(half|halves|third|fourth|quarter|fifth|sixth|seventh|eighth|ninth|tenth|over)/);
    await screenshot(page, 'practice-phone-read-aloud');
    await expectNoA11yViolations(page, 'read aloud');

    // Alt+R reads again (from the answer box too).
    await page.getByRole('textbox', { name: 'Your answer' }).focus();
    await page.keyboard.press('Alt+r');
    await expect.poll(() => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.length)).toBe(2);

    // The next problem stops the voice.
    const before = await page.evaluate(() => (window as unknown as { cancelledSpeech: () => number }).cancelledSpeech());
    await page.getByRole('button', { name: 'End Session' }).click();
    await page.getByRole('heading', { name: 'Session Complete!' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { cancelledSpeech: () => number }).cancelledSpeech())).toBeGreaterThan(before);
    await page.evaluate(() => localStorage.removeItem('readAloud'));
    await context.close();
  });

  test('error and loading states: the SPEC texts, each with Try Again', async () => {
    const { context, page } = await signedIn(PHONE);
    await everyVisitANewSession(page);
    const failing = (status: number) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: '{"code":"INTERNAL","message":"boom"}' });
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));

    // Learn: the due problems fail to load, then load.
    await page.route('**/api/learning/due-problems/**', failing(500));
    await page.goto(`${app.url}/learn`);
    await page.getByRole('heading', { name: 'Failed to load learning session. Please try again.' }).waitFor({ timeout: 15_000 });
    await page.unroute('**/api/learning/due-problems/**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    const problemCard = page.locator('article[data-step="problem"]');
    await problemCard.waitFor({ timeout: 15_000 });

    // The answer fails to be recorded, then Try Again sends it.
    const problem = await problemFacts((await problemCard.getAttribute('data-problem-id'))!);
    await page.route('**/api/learning/submit-answer', failing(500));
    // A wrong answer: whichever problem this is, it is due again for the next test.
    await answer(page, problem, wrongAnswer(problem), 'click');
    await page.getByTestId('submit-error').getByText('Error submitting answer. Please try again.', { exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'practice-phone-submit-error');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.unroute('**/api/learning/submit-answer');
    await page.getByTestId('submit-error').getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Not Quite Right' }).waitFor({ timeout: 10_000 });

    // Nothing due and nothing new: the empty-queue message (SPEC §8), in its panel.
    await page.route('**/api/learning/due-problems/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":{"problems":[]}}' }),
    );
    await page.goto(`${app.url}/learn`);
    await page.getByTestId('learn-status').getByText('No problems are due for review. Great job staying on top of your studies!', { exact: true }).waitFor({ timeout: 15_000 });
    await page.unroute('**/api/learning/due-problems/**');

    // Progress: the skeleton while loading, the error with Try Again, then the data.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/learning/progress/**', async (route) => {
      await held;
      await failing(500)(route);
    });
    await page.goto(`${app.url}/progress`);
    await page.getByTestId('progress-skeleton').waitFor({ timeout: 15_000 });
    release();
    await page.getByTestId('progress-error').getByText('Failed to load progress data. Please try again.', { exact: true }).waitFor({ timeout: 10_000 });
    await page.unroute('**/api/learning/progress/**');
    await page.getByTestId('progress-error').getByRole('button', { name: 'Try Again' }).click();
    await page.getByTestId('success-rate').waitFor({ timeout: 10_000 });
    // What the learning service reports is logged in SPEC §8's words.
    for (const message of ['Failed to load due problems', 'Failed to record problem attempt', 'Failed to load progress summary']) {
      expect(logged.some((line) => line.startsWith(message))).toBe(true);
    }
    await context.close();
  }, 120_000);

  test('a day later the Review card counts the problems due and starts a review; the progress page offers it too', async () => {
    // The problems missed in the earlier tests are due: FSRS 'Again' took a learning step of minutes.
    // (How many depends on whether a test got the same missed problem again first, as a review.)
    clockOffset += 86_400_000;
    await signInDemoStudent();
    const dashboard = await fetch(`${app.url}/api/learning/dashboard/${tokens.user.id}`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    const due = ((await dashboard.json()) as { data: { problems_due: number } }).data.problems_due;
    expect(due).toBeGreaterThanOrEqual(1);
    const { context, page } = await signedIn(DESKTOP);
    await page.goto(`${app.url}/dashboard`);
    await page.getByTestId('review-due').waitFor({ timeout: 15_000 });
    expect(await text(page, 'review-due')).toBe(due === 1 ? '1 problem due' : `${due} problems due`);
    expect(await text(page, 'tile-day-streak')).toBe('1 day');
    await screenshot(page, 'practice-desktop-9-dashboard-due');

    await page.goto(`${app.url}/progress`);
    await page.getByTestId('review-banner').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('review-banner').textContent()).toContain('Ready for Review');
    expect(await page.getByTestId('review-banner').textContent()).toContain(due === 1 ? '1 problem is due for review today' : `${due} problems are due for review today`);
    expect(await page.getByTestId('review-banner').getByRole('link', { name: 'Start Session' }).getAttribute('href')).toBe('/learn');

    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('link', { name: 'Start Review' }).click();
    await page.waitForURL((url) => url.pathname === '/learn');
    await page.locator('article[data-step="problem"]').waitFor({ timeout: 15_000 });
    // Reviews come first: the due problems, then new ones.
    const chip = () => page.locator('article[data-step="problem"] .learn-chip-review, article[data-step="problem"] .learn-chip-new').first().textContent();
    expect(await chip()).toBe('Review');
    await screenshot(page, 'practice-desktop-10-review');
    await context.close();
  }, 120_000);

  test('practice by choice: the topics of a grade with mastery and predicted success; Practise opens a focused session on one', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await signedIn(viewport);
      await page.goto(`${app.url}/topics`);
      await page.getByRole('heading', { name: 'Choose a Topic', level: 1 }).waitFor();
      const cards = page.getByTestId('topic-card');
      await cards.first().waitFor({ timeout: 10_000 });
      // Grade 7 by default (the student's), by strand; every topic with a predicted success.
      expect(await page.getByLabel('Grade').inputValue()).toBe('7');
      expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe('Number');
      for (const shown of await page.getByTestId('predicted-success').allTextContents()) expect(shown).toMatch(/^\d{1,3}%$/);
      const grade7 = await cards.count();
      await page.getByLabel('Grade').selectOption('2');
      await expect.poll(() => cards.count()).not.toBe(grade7);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `practice-${viewport === PHONE ? 'phone' : 'desktop'}-topics`);
      await expectNoA11yViolations(page, 'topics');
      await context.close();
    }

    const { context, page } = await signedIn(DESKTOP);
    await page.goto(`${app.url}/topics`);
    await page.getByRole('link', { name: 'Practise Decimals', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/learn' && url.searchParams.get('topic') === 'decimals');
    expect(await text(page, 'learn-focus')).toContain('Focused practice: Decimals');
    const card = page.locator('article[data-step="problem"]');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.locator('.learn-topic, header').first().textContent()).toContain('Decimals');
    await screenshot(page, 'practice-desktop-topic-session');
    await expectNoA11yViolations(page, 'focused session');
    await expect
      .poll(async () => (await app.store.readStream(`practice-${tokens.user.id}`)).events.filter((event) => event.type === 'PracticeSessionStarted').at(-1)?.data)
      .toMatchObject({ mode: 'topic', topicId: 'decimals' });
    await context.close();
  }, 120_000);
});
