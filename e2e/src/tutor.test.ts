import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import { REFERRAL_MESSAGES } from '@mathdaily/domain';
import { appendFractionProblem } from '@mathdaily/testing';
import { callApi, launchBrowser, screenshot, seriousA11yViolations, startAppOnBuiltCopy } from './harness.ts';

/**
 * The tutor area in Chromium: a tutor generates a referral code, a student registers with it, the
 * tutor activates them and sees their answer appear on the dashboard without reloading, then
 * opens the student's mastery chart. One browser; the tutor's page is reused throughout.
 */

let app: RunningApp;
let browser: Browser;
let tutorPage: Page;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const problemId = randomUUID();
const student = { firstName: 'Nora', lastName: 'Newton', email: `nora.${Date.now().toString(36)}@example.com`, password: 'Secret123!' };
let code = '';

const api = (method: string, url: string, body: unknown, token?: string) => callApi(app.url, method, url, body, token);

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** axe at desktop size, then screenshots at desktop and phone sizes (SCREENSHOTS=1); the page is left at desktop size. */
async function checkAtBothSizes(page: Page, name: string) {
  await expectAccessible(page);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

beforeAll(async () => {
  app = await startAppOnBuiltCopy('tutor', 'tutor-e2e-secret-tutor-e2e-secret-0123');
  browser = await launchBrowser();
  await appendFractionProblem(app.store, problemId, { grade: 6, correlationId: 'tutor-e2e' });
  const tokens = await api('POST', '/api/auth/login', { email: 'tutor@example.com', password: 'Demo123!' });
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript((stored) => {
    localStorage.setItem('accessToken', stored.accessToken);
    localStorage.setItem('refreshToken', stored.refreshToken);
  }, tokens);
  tutorPage = await context.newPage();
  tutorPage.on('pageerror', (error) => console.error('page error:', error.message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('tutor area', () => {
  test('the tutor generates a referral code', async () => {
    await tutorPage.goto(`${app.url}/tutor/referrals`);
    await tutorPage.getByText('No referral codes yet').waitFor();
    await tutorPage.getByRole('button', { name: 'Generate Code' }).click();
    const shown = tutorPage.locator('.tutor-new-code strong');
    await shown.waitFor();
    code = (await shown.textContent()) ?? '';
    expect(code).toMatch(/^TUTOR[A-Z0-9]{6}$/);
    await tutorPage.getByRole('cell', { name: code, exact: true }).waitFor();

    await tutorPage.getByLabel('Custom code').fill(code.toLowerCase());
    await tutorPage.getByRole('button', { name: 'Check Availability' }).click();
    // One's own code is not "already taken": the check says it is already theirs, plainly.
    await tutorPage.locator('#custom-code-result.field-hint').getByText(`${code} is already your code.`).waitFor();
    expect(await tutorPage.getByRole('button', { name: 'Set Code' }).isDisabled()).toBe(true);

    // A custom code: the custom card says it is set; the Generate card says nothing of it.
    const custom = `MIAS${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await tutorPage.getByLabel('Custom code').fill(custom);
    await tutorPage.getByRole('button', { name: 'Check Availability' }).click();
    await tutorPage.locator('#custom-code-result.tutor-check-ok').waitFor();
    await tutorPage.getByRole('button', { name: 'Set Code' }).click();
    await tutorPage.locator('#custom-code-result').getByText(`${custom} is now your code.`).waitFor();
    expect(await tutorPage.locator('.tutor-new-code').count()).toBe(0);
    await tutorPage.getByRole('cell', { name: custom, exact: true }).waitFor();
    await checkAtBothSizes(tutorPage, 'tutor-referrals');
  });

  test('a student registers with the code; an unknown code is refused with a clear message', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${app.url}/register`);
    await page.getByLabel('First Name').fill(student.firstName);
    await page.getByLabel('Last Name').fill(student.lastName);
    await page.getByLabel('Email Address').fill(student.email);
    await page.getByLabel('Grade Level').selectOption('6');
    await page.getByLabel('Referral Code').fill('NOTACODE9');
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(student.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.locator('#register-referral-code-error').getByText(REFERRAL_MESSAGES.notFound).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'register-referral-error-390');

    await page.getByLabel('Referral Code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  test('the tutor activates the student and sees their answer arrive live', async () => {
    await tutorPage.goto(`${app.url}/tutor/students`);
    const row = tutorPage.getByRole('row', { name: new RegExp(`${student.firstName} ${student.lastName}`) });
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: /Activate/ }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    await expectAccessible(tutorPage);
    await screenshot(tutorPage, 'tutor-students-1280');

    await tutorPage.goto(`${app.url}/tutor/dashboard`);
    await tutorPage.getByText('Live', { exact: true }).waitFor();
    await tutorPage.getByText(`${student.firstName} ${student.lastName} is now an active student`).waitFor();

    const signedIn = await api('POST', '/api/auth/login', { email: student.email, password: student.password });
    const sessionId = randomUUID();
    await api('POST', '/api/learning/sessions', { session_id: sessionId }, signedIn.accessToken);
    const sentAt = Date.now();
    await api('POST', '/api/learning/submit-answer', { problem_id: problemId, session_id: sessionId, user_answer: '3/4', response_time_ms: 8000 }, signedIn.accessToken);
    // The answer has happened when the command has answered (it is stored): the clock starts there.
    const answeredAt = Date.now();
    await tutorPage.getByText(`${student.firstName} ${student.lastName} is practising Fractions: 1 of 1 problem right first time so far`).waitFor({ timeout: 5000 });
    const seenAfterMs = Date.now() - answeredAt;
    console.log(`submit-answer took ${answeredAt - sentAt} ms; stored answer → on the tutor's dashboard: ${seenAfterMs} ms`);
    expect(seenAfterMs).toBeLessThan(1000);
    await checkAtBothSizes(tutorPage, 'tutor-dashboard');
  });

  test("View Details shows the student's mastery chart", async () => {
    await tutorPage.goto(`${app.url}/tutor/students`);
    await tutorPage.getByRole('link', { name: new RegExp(`View Details of ${student.firstName}`) }).click();
    await tutorPage.getByRole('heading', { name: `${student.firstName} ${student.lastName}` }).waitFor();
    await tutorPage.locator('.tutor-chart svg.recharts-surface').first().waitFor();
    // Topics with data only (one answer, one topic: one legend entry), read against the 75 % line.
    const mastery = tutorPage.locator('.tutor-chart').first();
    expect(await mastery.locator('.recharts-legend-item').allTextContents()).toEqual(['Fractions']);
    // A horizontal line has no area, so Playwright calls it hidden: attached is what can be asked.
    await mastery.locator('.recharts-reference-line-line').waitFor({ state: 'attached' });
    await mastery.getByText('75% target').waitFor();
    await checkAtBothSizes(tutorPage, 'tutor-student');
  });
});
