import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import { answerPlacementQuestion, launchBrowser, postFromOwnAddress, screenshot, seriousA11yViolations, signedInPage, signInThroughApi, startTestApp } from './harness.ts';

/**
 * A new student's first week, walked as issue 31 found its defects (8 sessions over 7 days, about
 * 70 answers): registered at grade 3 in a tutor's class, placed by "Find my level", grade set back
 * to 3, then a session a day (two on day 4), each mostly right, one mid-session reload, one typo.
 * The app's clock and the browser's move a day at a time. It checks what the walk found wrong
 * (grade lost, typo a miss, no resume, header streak, counts that disagree, mastery after one day)
 * and keeps screenshots of every summary and of the progress page at the end.
 * Long (about 4 minutes): run with WALKS=1 before a change to the practice loop lands.
 */

const DAY = 86_400_000;
/**
 * Next Monday, 16:00 UTC: after school. Ahead of the real clock, not behind: tokens are checked
 * against the real one.
 */
const FIRST_DAY = (() => {
  const today = new Date();
  const monday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ((8 - today.getUTCDay()) % 7 || 7), 16);
  return monday;
})();
let now = FIRST_DAY;
let app: RunningApp;
let browser: Browser;
let student: { accessToken: string; refreshToken: string; user: { id: string } };
let tutorToken: string;

/** Seeded: the same walk every run. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(31);

const api = async (path: string, token: string, body?: unknown) => {
  const response = await fetch(`${app.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as any };
};

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true, clock: () => new Date(now + (Date.now() % 60_000)) });
  browser = await launchBrowser();
  const tutor = await signInThroughApi(app.url, 'tutor@example.com', 'Demo123!');
  tutorToken = (tutor.body as { accessToken: string }).accessToken;
  const created = await api('/api/tutors/classes', tutorToken, { name: 'Year 3 Maple', time_zone: 'Europe/London' });
  expect(created.status).toBe(201);
  const registered = await postFromOwnAddress(app.url, '/api/auth/register', {
    email: `week${Date.now() % 100_000}@example.com`,
    password: 'Secret123!',
    firstName: 'Wren',
    lastName: 'Week',
    gradeLevel: 3,
    referralCode: created.body.join_code,
  });
  expect(registered.status).toBe(201);
  student = registered.body as typeof student;
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

interface StoredProblem {
  problem_type: string;
  answer_form: { kind: string };
  answer_options: string[] | null;
  correct_answer: string;
}
async function problemFacts(problemId: string): Promise<StoredProblem> {
  const stream = await app.store.readStream(`problem-${problemId}`);
  return stream.events.find((event) => event.type === 'ProblemCreated')!.data as StoredProblem;
}
const practiceEvents = async () => (await app.store.readStream(`practice-${student.user.id}`)).events;
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

/** The student's page with the browser's clock at the app's time. */
async function studentPage(width: number) {
  const opened = await signedInPage(browser, student, { width, height: 900 });
  await opened.page.clock.install({ time: new Date(now) });
  return opened;
}

async function placeAtGrade4(page: Page) {
  await page.goto(`${app.url}/placement`);
  await page.getByRole('button', { name: 'Start the check' }).click();
  for (let number = 1; number <= 12; number++) {
    await page.getByTestId('placement-progress').filter({ hasText: `Question ${number} of at most 12` }).waitFor();
    if ((await answerPlacementQuestion(page, app, student.user.id, number, 4)).done) break;
  }
  await page.getByRole('heading', { name: "You're starting at Grade 4" }).waitFor();
}

/** A wrong answer in the problem's form: another option, or a number far off. */
const wrongAnswer = (problem: StoredProblem) =>
  problem.problem_type === 'multiple_choice' ? problem.answer_options!.find((option) => option !== problem.correct_answer)! : /^-?\d+$/.test(problem.correct_answer) ? String(Number(problem.correct_answer) + 7) : null;

interface SessionFigures {
  firstTries: number;
  rightFirstTime: number;
}

/**
 * One session on /learn: about 75 % right at the first try, 90 % on a retry; the header streak is
 * checked after every answer; optionally a typo on the first whole-number problem and a reload at
 * problem 4. Returns what the child did, to compare with the summary and the tutor's feed.
 */
async function practiseOnce(page: Page, name: string, options: { typo?: boolean; reloadAt?: number } = {}): Promise<SessionFigures> {
  await page.goto(`${app.url}/learn`);
  const card = page.locator('article[data-step="problem"]');
  const seen = new Set<string>();
  let firstTries = 0;
  let rightFirstTime = 0;
  let streak = 0;
  let typoDone = !options.typo;
  for (let step = 1; step <= 40; step++) {
    const summary = page.getByRole('heading', { name: 'Session Complete!' });
    await card.or(summary).first().waitFor({ timeout: 15_000 });
    if (await summary.isVisible()) break;
    if (step === options.reloadAt) {
      const before = await card.getAttribute('data-problem-id');
      const position = await text(page, 'problem-position');
      await page.reload();
      await card.waitFor({ timeout: 15_000 });
      expect(await card.getAttribute('data-problem-id'), 'the reload continues at the same problem').toBe(before);
      expect(await text(page, 'problem-position')).toBe(position);
      expect(await text(page, 'stat-streak'), 'the streak survives a reload').toBe(String(streak));
    }
    const problemId = (await card.getAttribute('data-problem-id'))!;
    const problem = await problemFacts(problemId);
    const firstTry = !seen.has(problemId);
    seen.add(problemId);
    if (!typoDone && problem.answer_form.kind === 'number' && /^\d{2,}$/.test(problem.correct_answer)) {
      // "2l" for 21: a letter inside the number is a retry with a message, never a miss.
      const typo = `${problem.correct_answer.slice(0, -1)}l`;
      const answersBefore = (await practiceEvents()).filter((event) => event.type === 'AnswerSubmitted').length;
      await page.getByRole('textbox', { name: 'Your answer' }).fill(typo);
      await page.getByRole('button', { name: 'Submit Answer' }).click();
      await page.locator('.learn-answer-error').waitFor({ timeout: 10_000 });
      await screenshot(page, `week-${name}-typo`);
      expect((await practiceEvents()).filter((event) => event.type === 'AnswerSubmitted').length, `typo ${typo} recorded nothing`).toBe(answersBefore);
      typoDone = true;
    }
    const wrong = wrongAnswer(problem);
    const right = wrong === null || random() < (firstTry ? 0.75 : 0.9);
    const given = right ? problem.correct_answer : wrong!;
    if (problem.problem_type === 'multiple_choice') await page.getByRole('radio', { name: given, exact: true }).check();
    else await page.getByRole('textbox', { name: 'Your answer' }).fill(given);
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByRole('heading', { name: right ? 'Correct!' : 'Not Quite Right' }).waitFor({ timeout: 10_000 });
    if (firstTry) {
      firstTries += 1;
      if (right) rightFirstTime += 1;
    }
    streak = right ? streak + 1 : 0;
    expect(await text(page, 'stat-streak'), 'the header streak is the run of right answers in the session').toBe(String(streak));
    await page.getByRole('button', { name: 'Continue to Rate Difficulty' }).click();
    await page.getByRole('radio', { name: right ? 'Just Right' : 'Hard', exact: true }).check();
    await page.getByText('Rating saved. Loading the next problem...').waitFor({ timeout: 5_000 });
  }
  await page.getByRole('heading', { name: 'Session Complete!' }).waitFor({ timeout: 15_000 });
  expect(await text(page, 'summary-completed'), 'the summary counts problems, not answers').toBe(String(firstTries));
  expect(await text(page, 'summary-correct')).toBe(String(rightFirstTime));
  await screenshot(page, `week-${name}-summary`);
  return { firstTries, rightFirstTime };
}

describe.runIf(process.env.WALKS === '1')("a new student's first week", () => {
  test('8 sessions over 7 days: nothing lost or misread', async () => {
    const { context, page } = await studentPage(1280);
    await placeAtGrade4(page);
    await screenshot(page, 'week-placed');

    // Defect 1: a grade chosen after placement is kept.
    await page.goto(`${app.url}/profile`);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await page.getByLabel('Grade Level').selectOption({ label: 'Grade 3' });
    await page.getByRole('button', { name: /^Save/ }).click();
    await page.getByTestId('profile-success').filter({ hasText: 'Profile updated successfully' }).waitFor();
    await expect
      .poll(async () => {
        const me = (await api('/api/auth/me', student.accessToken)).body;
        return (me.user ?? me).gradeLevel;
      })
      .toBe(3);
    await page.reload();
    await page.getByRole('button', { name: 'Edit' }).first().click();
    expect(await page.getByLabel('Grade Level').inputValue()).toBe('3');
    await context.close();

    const sessions: SessionFigures[] = [];
    for (let day = 1; day <= 7; day++) {
      now = FIRST_DAY + (day - 1) * DAY + Math.floor(random() * 3) * 3_600_000;
      const width = day % 2 === 0 ? 390 : 1280;
      const runs = day === 4 ? 2 : 1;
      for (let run = 1; run <= runs; run++) {
        const opened = await studentPage(width);
        const figures = await practiseOnce(opened.page, `day${day}${run === 2 ? 'b' : ''}-${width}`, { typo: day === 1, reloadAt: day === 2 ? 4 : undefined });
        sessions.push(figures);
        expect(await seriousA11yViolations(opened.page)).toEqual([]);
        await opened.context.close();
        now += 40 * 60_000;
      }
      if (day === 1) {
        // Defect 6: no "Expert" and no "0 days" after a first day.
        const opened = await studentPage(1280);
        await opened.page.goto(`${app.url}/progress`);
        await opened.page.getByTestId('week-chart').locator('svg').first().waitFor({ timeout: 15_000 });
        const body = (await opened.page.locator('main').textContent()) ?? '';
        expect(body).not.toContain('Expert');
        expect(body).not.toMatch(/\b0 days\b/);
        await screenshot(opened.page, 'week-day1-progress');
        await opened.context.close();
      }
    }
    expect(sessions).toHaveLength(8);
    console.log(`the week: ${sessions.map((s) => `${s.rightFirstTime}/${s.firstTries}`).join(', ')} right first time`);

    // Defect 5: one definition of a session's counts, the same on the tutor's side.
    const events = await practiceEvents();
    const ended = events.filter((event) => event.type === 'PracticeSessionEnded').map((event) => event.data as { problemsCompleted: number; correctAnswers: number });
    expect(ended.map((e) => [e.problemsCompleted, e.correctAnswers])).toEqual(sessions.map((s) => [s.firstTries, s.rightFirstTime]));
    const dashboard = await api('/api/tutors/dashboard', tutorToken);
    const feed = JSON.stringify(dashboard.body);
    const last = sessions.at(-1)!;
    expect(feed).toContain(`${last.rightFirstTime} of ${last.firstTries} ${last.firstTries === 1 ? 'problem' : 'problems'} right first time`);

    // The week on the progress page, at both widths.
    for (const width of [1280, 390]) {
      const opened = await studentPage(width);
      await opened.page.goto(`${app.url}/progress`);
      await opened.page.getByTestId('reviews-ahead').waitFor({ timeout: 15_000 });
      // The charts are a chunk of their own, loaded after the figures.
      await opened.page.getByTestId('week-chart').locator('svg').first().waitFor({ timeout: 15_000 });
      expect(await opened.page.locator('main').textContent()).not.toMatch(/\b0 days\b/);
      await screenshot(opened.page, `week-progress-${width}`);
      await opened.page.goto(`${app.url}/dashboard`);
      await opened.page.getByTestId('tile-grade-level').filter({ hasText: 'Grade 3' }).waitFor({ timeout: 15_000 });
      await screenshot(opened.page, `week-dashboard-${width}`);
      await opened.context.close();
    }
  }, 600_000);
});
