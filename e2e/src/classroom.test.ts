import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import { launchBrowser, postFromOwnAddress, startAppOnBuiltCopy, screenshot, seriousA11yViolations, signedInPage } from './harness.ts';

/**
 * The classroom in Chromium (issue 32's "Done when"): a tutor creates a class, two students join
 * by its link (one registering through it, one signed in), the tutor sets 5 problems from the bank
 * due tomorrow, both students answer while the live class view updates, one is flagged "needs
 * help", and the class CSV holds both rows. Every classroom page is checked with axe at 1280 and
 * 390 px on the way. One browser; the tutor's page is reused throughout.
 */

let app: RunningApp;
let browser: Browser;
let tutorContext: BrowserContext;
let tutorPage: Page;
let tutorToken = '';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const stamp = Date.now().toString(36);
const ann = { firstName: 'Ann', lastName: 'Archer', email: `ann.${stamp}@example.com`, password: 'Secret123!' };
const ben = { firstName: 'Ben', lastName: 'Baker', email: `ben.${stamp}@example.com`, password: 'Secret123!' };
let joinLink = '';
let classUrl = '';

async function api(method: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json() as Promise<any>;
}

/** axe at desktop size, then the same page at phone size, with screenshots of both (SCREENSHOTS=1). */
async function checkBothSizes(page: Page, name: string) {
  // From the top: a full-page screenshot of a scrolled page draws the sticky top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(DESKTOP);
  expect(await seriousA11yViolations(page), `${name} at 1280`).toEqual([]);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  expect(await seriousA11yViolations(page), `${name} at 390`).toEqual([]);
  // Nothing wider than the phone: a table or a card grid that overflows makes the page slide sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits 390 px`).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

beforeAll(async () => {
  app = await startAppOnBuiltCopy('classroom', 'classroom-e2e-secret-classroom-e2e-0123', { seeded: true });
  browser = await launchBrowser();
  const tokens = await api('POST', '/api/auth/login', { email: 'tutor@example.com', password: 'Demo123!' });
  tutorToken = tokens.accessToken;
  ({ context: tutorContext, page: tutorPage } = await signedInPage(browser, tokens, DESKTOP));
  tutorPage.setDefaultTimeout(10_000);
  await tutorContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('classroom', () => {
  test('the tutor creates a class and copies its join link', async () => {
    await tutorPage.goto(`${app.url}/tutor/classes`);
    await tutorPage.getByText('No classes yet').waitFor();
    await tutorPage.getByLabel('New class name').fill('7B Maths');
    await tutorPage.getByLabel('Time zone (for due dates)').selectOption('Europe/London');
    await tutorPage.getByRole('button', { name: 'Create class' }).click();
    const card = tutorPage.getByRole('listitem').filter({ has: tutorPage.getByRole('heading', { name: '7B Maths' }) });
    const code = (await card.locator('.class-code-value').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
    await card.getByRole('button', { name: 'Copy link' }).click();
    await card.getByRole('button', { name: 'Link copied' }).waitFor();
    joinLink = await tutorPage.evaluate(() => navigator.clipboard.readText());
    expect(joinLink).toBe(`${app.url}/join/${code}`);
    await checkBothSizes(tutorPage, 'classroom-classes');
    await card.getByRole('link', { name: 'Open 7B Maths' }).click();
    await tutorPage.getByRole('heading', { level: 1, name: '7B Maths' }).waitFor();
    classUrl = tutorPage.url();
  });

  test('one student registers through the join link, the other joins with it signed in', async () => {
    const guest = await browser.newContext({ viewport: PHONE });
    const page = await guest.newPage();
    await page.goto(joinLink);
    await page.getByRole('heading', { name: "You're invited to join a class" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'classroom-join-guest-390');
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByLabel('First Name').fill(ann.firstName);
    await page.getByLabel('Last Name').fill(ann.lastName);
    await page.getByLabel('Email Address').fill(ann.email);
    await page.getByLabel('Grade Level').selectOption('5');
    expect(await page.getByLabel('Referral Code').inputValue()).toBe(joinLink.split('/').at(-1));
    await page.getByLabel('Password', { exact: true }).fill(ann.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(ann.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/login$/);
    await guest.close();

    await api('POST', '/api/auth/register', { ...ben, gradeLevel: 5 });
    const { context, page: benPage } = await signedInPage(browser, await api('POST', '/api/auth/login', { email: ben.email, password: ben.password }), PHONE);
    await benPage.goto(joinLink);
    await benPage.getByRole('button', { name: 'Join 7B Maths' }).click();
    await benPage.getByRole('heading', { name: "You're in 7B Maths" }).waitFor();
    await checkBothSizes(benPage, 'classroom-join-student');
    await context.close();

    await tutorPage.goto(classUrl);
    for (const name of ['Ann Archer', 'Ben Baker']) await tutorPage.getByRole('row', { name: new RegExp(name) }).getByText('Active', { exact: true }).waitFor();
    // The class's own roster takes a selection too: what can be done to them, out of this class.
    await tutorPage.getByLabel('Select every student in the class').check();
    const chosen = tutorPage.getByRole('region', { name: 'Selected students' });
    await chosen.getByText('2 selected').waitFor();
    await chosen.getByRole('button', { name: 'Remove from 7B Maths' }).waitFor();
    await checkBothSizes(tutorPage, 'classroom-class-selected');
    await chosen.getByRole('button', { name: 'Clear selection' }).click();
    expect(await chosen.count()).toBe(0);
  });

  test('the tutor sets 5 problems from the bank, due tomorrow in the class time zone', async () => {
    await tutorPage.getByRole('button', { name: 'Set work' }).click();
    const form = tutorPage.locator('form.assign-form');
    await form.getByLabel('Topic', { exact: true }).selectOption('fractions');
    await form.getByLabel('Grade', { exact: true }).selectOption('5');
    await form.getByLabel('Number of problems').fill('5');
    await form.getByRole('button', { name: 'Choose 5 problems' }).click();
    await expect.poll(() => form.getByRole('list', { name: 'Chosen problems' }).getByRole('listitem').count()).toBe(5);
    await form.getByText('5 problems chosen').waitFor();
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000));
    expect(await form.getByLabel('Due date').inputValue()).toBe(tomorrow);
    await form.getByLabel('Title').fill('Fractions homework');
    await checkBothSizes(tutorPage, 'classroom-set-work');
    await form.getByRole('button', { name: 'Set work' }).click();
    await tutorPage.getByText('“Fractions homework” is set.').waitFor();
    await tutorPage.getByRole('link', { name: 'Fractions homework' }).waitFor();
    await tutorPage.getByText('2 not started').waitFor();
    await checkBothSizes(tutorPage, 'classroom-class');
  });

  test('both students answer while the live class view updates; Ben is flagged "needs help"', async () => {
    const classId = classUrl.split('/').at(-1)!;
    const { assignments } = await api('GET', `/api/tutors/classes/${classId}`, undefined, tutorToken);
    const work = await api('GET', `/api/tutors/classes/${classId}/assignments/${assignments[0].id}`, undefined, tutorToken);
    expect(work.problems).toHaveLength(5);

    await tutorPage.goto(`${classUrl}/live`);
    await tutorPage.getByText('Live', { exact: true }).waitFor();
    const cardOf = (name: string) => tutorPage.getByRole('listitem').filter({ has: tutorPage.getByText(name, { exact: true }) });
    await cardOf('Ann Archer').getByText('Not started today').waitFor();

    const answer = async (who: typeof ann, answers: (problem: any, index: number) => string) => {
      const { accessToken } = await api('POST', '/api/auth/login', { email: who.email, password: who.password });
      const sessionId = randomUUID();
      await api('POST', '/api/learning/sessions', { session_id: sessionId }, accessToken);
      for (const [index, problem] of work.problems.slice(0, 3).entries()) {
        await api('POST', '/api/learning/submit-answer', { problem_id: problem.id, session_id: sessionId, user_answer: answers(problem, index), response_time_ms: 6000 }, accessToken);
      }
    };
    await answer(ann, (problem) => problem.correct_answer);
    // Ann's card moves within a second or so of her answers (over the websocket, no reload).
    await cardOf('Ann Archer').getByText('✓ 3').waitFor({ timeout: 3000 });
    await cardOf('Ann Archer').getByText(/^Practising · /).waitFor();

    // Wrong, and readable: another of the options for a multiple-choice problem.
    await answer(ben, (problem) => problem.answer_options?.find((option: string) => option !== problem.correct_answer) ?? '999/1001');
    await cardOf('Ben Baker').getByText('Needs help · 3 wrong in a row').waitFor({ timeout: 3000 });
    await cardOf('Ben Baker').getByText('✗ 3').waitFor();
    await tutorPage.getByRole('listitem').filter({ hasText: 'need help' }).getByText('1', { exact: true }).waitFor();
    await tutorPage.getByRole('heading', { name: 'Trouble spots today' }).waitFor();
    await tutorPage.getByRole('heading', { name: 'Problems most missed' }).waitFor();
    await checkBothSizes(tutorPage, 'classroom-live');
    await tutorPage.getByRole('button', { name: 'Big screen' }).click();
    await screenshot(tutorPage, 'classroom-live-big-1280');
  });

  test('the standings and the class CSV hold both students', async () => {
    await tutorPage.goto(classUrl);
    await tutorPage.getByRole('link', { name: 'Fractions homework' }).click();
    for (const name of ['Ann Archer', 'Ben Baker']) await tutorPage.getByRole('row', { name: new RegExp(name) }).getByText('In progress').waitFor();
    await checkBothSizes(tutorPage, 'classroom-assignment');

    await tutorPage.goto(classUrl);
    const [download] = await Promise.all([tutorPage.waitForEvent('download'), tutorPage.getByRole('button', { name: 'Download report (CSV)' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    expect(lines.some((line) => line.startsWith('Ann Archer,'))).toBe(true);
    expect(lines.some((line) => line.startsWith('Ben Baker,'))).toBe(true);
  });

  test('the tutor picks problems from the bank by their preview, then moves the due date', async () => {
    await tutorPage.goto(classUrl);
    await tutorPage.getByRole('button', { name: 'Set work' }).click();
    const form = tutorPage.locator('form.assign-form');
    await form.getByLabel('Pick from the bank').check();
    await form.getByLabel('Topic', { exact: true }).selectOption('fractions');
    await form.getByLabel('Grade', { exact: true }).selectOption('5');
    await form.getByRole('button', { name: 'Show problems' }).click();
    const bank = form.getByRole('list', { name: 'Problems in the bank' });
    await expect.poll(() => bank.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    // Each problem shows its question typeset, its grade, difficulty and answer before it is picked.
    expect(await bank.locator('.katex').count()).toBeGreaterThan(0);
    await bank.getByRole('listitem').first().getByText(/Grade 5 · Difficulty \d/).waitFor();
    expect(await bank.getByRole('listitem').first().locator('.assign-problem-meta .katex').count(), 'the answer is typeset as the students see it').toBe(1);
    await bank.getByRole('checkbox').nth(0).check();
    await bank.getByRole('checkbox').nth(2).check();
    await form.getByText('2 problems chosen').waitFor();
    await form.getByLabel('Title').fill('Two to try');
    await checkBothSizes(tutorPage, 'classroom-pick-from-bank');
    await form.getByRole('button', { name: 'Set work' }).click();
    await tutorPage.getByText('“Two to try” is set.').waitFor();

    await tutorPage.getByRole('link', { name: 'Two to try' }).click();
    await tutorPage.getByText(/· 2 problems ·/).waitFor();
    await tutorPage.getByRole('button', { name: 'Change due date' }).click();
    const later = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 3 * 86_400_000));
    await tutorPage.getByLabel('Due date').fill(later);
    await tutorPage.getByLabel('Due time').fill('09:30');
    await tutorPage.getByRole('button', { name: 'Save due date' }).click();
    const shown = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${later}T12:00:00Z`));
    await tutorPage.getByText(new RegExp(`Due .*${shown}.*09:30`)).waitFor();
    await checkBothSizes(tutorPage, 'classroom-redated');
  });

  test("the tutor's roster acts on many students at once; the printable report and the student's dashboard", async () => {
    await tutorPage.goto(`${classUrl.replace(/\/classes\/.*/, '/students')}?class_id=${classUrl.split('/').at(-1)}`);
    await tutorPage.getByRole('row', { name: /Ann Archer/ }).waitFor();
    const chosen = tutorPage.getByRole('region', { name: 'Selected students' });
    await tutorPage.getByLabel('Select all students listed').check();
    await chosen.getByText('2 selected').waitFor();
    await checkBothSizes(tutorPage, 'classroom-roster');
    // Activating both: Ann and Ben are active already, so each is named with the reason, nothing changes.
    await chosen.getByRole('button', { name: 'Activate', exact: true }).click();
    const outcome = tutorPage.locator('#main .bulk-outcome');
    await outcome.getByText('0 students activated.').waitFor();
    await outcome.getByText('Ann Archer: Only a pending student can be activated.').waitFor();
    // Ben alone is deactivated, in the same one request as many would be.
    await tutorPage.getByLabel('Select Ben Baker').check();
    await chosen.getByText('1 selected').waitFor();
    await chosen.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await outcome.getByText('1 student deactivated.').waitFor();
    await tutorPage.getByRole('row', { name: /Ben Baker/ }).getByText('Inactive', { exact: true }).waitFor();

    const annId = (await api('GET', '/api/tutors/students?search=Ann', undefined, tutorToken)).students[0].id;
    await tutorPage.goto(`${app.url}/tutor/students/${annId}/report`);
    await tutorPage.getByRole('heading', { name: 'Ann Archer' }).waitFor();
    await checkBothSizes(tutorPage, 'classroom-report');
    await tutorPage.emulateMedia({ media: 'print' });
    await screenshot(tutorPage, 'classroom-report-print');
    // One A4 page: the printed PDF has a single page.
    const pdf = await tutorPage.pdf({ format: 'A4' });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1);
    await tutorPage.emulateMedia({ media: 'screen' });

    // Ann, still active with her teacher, sees the work on her dashboard.
    const { context, page } = await signedInPage(browser, await api('POST', '/api/auth/login', { email: ann.email, password: ann.password }), PHONE);
    await page.goto(`${app.url}/dashboard`);
    const work = page.getByRole('region', { name: 'Work from your teacher' });
    await work.getByText('Fractions homework').waitFor();
    await work.getByText('3 of 5 answered').waitFor();
    await work.getByText('In progress').waitFor();
    await checkBothSizes(page, 'classroom-student-dashboard');
    await context.close();
  });

  test('the live class view holds a class of 40 on a phone and on a projector', async () => {
    const code = joinLink.split('/').at(-1)!;
    // 38 more register with the class code (each from a loopback address of its own: registrations are limited per address).
    const names = 'Amara Bilal Chloe Dev Ella Femi Grace Hugo Isla Jack Kiran Leah Milo Nia Omar Priya Quinn Rosa Sami Tara Umar Vera Wren Xander Yusuf Zara Aoife Bartholomew Cerys Dylan Eshaan Freya Gethin Hana Idris Jasmine Kai Lola'.split(' ');
    const more = names.map((firstName, index) => ({ firstName, lastName: index % 3 ? 'Smith' : 'Montgomery-Wellington', email: `pupil${index}.${stamp}@example.com` }));
    expect(more).toHaveLength(38);
    for (let start = 0; start < more.length; start += 4) {
      const made = await Promise.all(
        more.slice(start, start + 4).map((pupil) => postFromOwnAddress(app.url, '/api/auth/register', { ...pupil, password: 'Secret123!', gradeLevel: 5, referralCode: code })),
      );
      for (const result of made) expect(result.status, JSON.stringify(result.body)).toBe(201);
    }
    await tutorPage.goto(`${classUrl}/live`);
    await expect.poll(() => tutorPage.locator('.live-cards > li').count(), { timeout: 10_000 }).toBe(40);
    await checkBothSizes(tutorPage, 'classroom-live-40');
    await tutorPage.setViewportSize({ width: 1920, height: 1080 });
    await tutorPage.getByRole('button', { name: 'Big screen' }).click();
    expect(await tutorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
    expect(await seriousA11yViolations(tutorPage)).toEqual([]);
    await screenshot(tutorPage, 'classroom-live-40-projector');
  });
});
