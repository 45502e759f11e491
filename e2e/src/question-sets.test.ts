import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from '@mathdaily/testing';
import { callApi, launchBrowser, screenshot, seriousA11yViolations, signedInPage, startAppOnBuiltCopy } from './harness.ts';

/**
 * Question sets in Chromium: a tutor writes a set (an answer the checker cannot read is refused by
 * the field, the math preview shows the question), gives it to their active student, and the
 * student's practice session opens on that question; the tutor takes it back; an admin picks the
 * tutor whose students they see.
 */

let app: RunningApp;
let browser: Browser;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const api = (method: string, url: string, body: unknown, token?: string) => callApi(app.url, method, url, body, token);

const signedIn = (tokens: { accessToken: string; refreshToken: string }, viewport: { width: number; height: number }) => signedInPage(browser, tokens, viewport);

/** axe at desktop and phone sizes (screenshots with SCREENSHOTS=1); the page is left at desktop size. */
async function checkBothSizes(page: Page, name: string) {
  for (const [width, size] of [[1280, DESKTOP], [390, PHONE]] as const) {
    await page.setViewportSize(size);
    expect({ width, violations: await seriousA11yViolations(page) }).toEqual({ width, violations: [] });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(DESKTOP);
}

beforeAll(async () => {
  app = await startAppOnBuiltCopy('sets', 'sets-e2e-secret-sets-e2e-secret-0123', { seeded: true });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('a tutor writes a set and gives it to a student, whose practice opens on it', async () => {
  const tutor = await api('POST', '/api/auth/login', { email: 'tutor@example.com', password: 'Demo123!' });
  const { code } = await api('POST', '/api/tutors/referral-codes', {}, tutor.accessToken);
  const email = `sets.${Date.now().toString(36)}@example.com`;
  const student = await api('POST', '/api/auth/register', { email, password: 'Secret123!', firstName: 'Sasha', lastName: 'Sets', gradeLevel: 5, referralCode: code });
  await api('PUT', `/api/tutors/students/${student.user.id}`, { relationship_status: 'active' }, tutor.accessToken);

  const { page } = await signedIn(tutor, DESKTOP);
  await page.goto(`${app.url}/tutor/dashboard`);
  await page.getByRole('link', { name: 'Question Sets' }).first().click();
  await page.getByRole('heading', { name: 'Question Sets', level: 1 }).waitFor();
  await page.getByText('No question sets yet').waitFor();
  await page.getByLabel('New set title').fill('Fractions week');
  await page.getByRole('button', { name: 'Create Set' }).click();
  await page.getByRole('link', { name: 'Fractions week' }).waitFor();

  await page.getByRole('button', { name: 'New Question' }).click();
  await page.getByLabel('Grade', { exact: true }).selectOption('5');
  // Answer forms in words; maths typed as students type it, put into the question as LaTeX.
  await page.getByLabel('The answer is').selectOption({ label: 'A fraction in simplest form' });
  const question = page.getByRole('textbox', { name: 'Question', exact: true });
  await question.fill('What is ');
  await page.getByRole('textbox', { name: 'Maths for the question' }).fill('2/3 + 1/6');
  await page.getByRole('button', { name: 'Put into the question' }).click();
  expect(await question.inputValue()).toMatch(/^What is \$\\frac\{2\}\{3\}\s*\+\s*\\frac\{1\}\{6\}\$$/);
  await question.press('End');
  await question.pressSequentially('?');
  await page.locator('.qs-preview .katex').first().waitFor();
  // The correct answer is not sent with Enter, so its help does not say so.
  const answerHelp = await page.getByRole('textbox', { name: 'Correct answer' }).evaluate((box) =>
    (box.getAttribute('aria-describedby') ?? '').split(' ').map((ref) => document.getElementById(ref)?.textContent ?? '').join(' '),
  );
  expect(answerHelp).toContain('Type fractions as 3/4');
  expect(answerHelp).not.toContain('Press Enter');
  await page.getByLabel('Hint').fill('Use sixths.');
  await page.getByLabel('Worked explanation').fill('$\\frac{4}{6} + \\frac{1}{6} = \\frac{5}{6}$');
  await page.getByRole('textbox', { name: 'Correct answer' }).fill('five sixths');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await page.locator('.field-error', { hasText: 'cannot be read in its answer form (exact fraction)' }).waitFor();
  await page.getByRole('textbox', { name: 'Correct answer' }).fill('5/6');
  await page.locator('.math-answer-preview .katex').waitFor();
  await checkBothSizes(page, 'tutor-question-set-editor');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await page.getByRole('heading', { name: 'Questions (1)' }).waitFor();

  await page.getByRole('checkbox', { name: 'Sasha Sets' }).check();
  await page.getByRole('button', { name: 'Assign to Selected Students' }).click();
  await page.getByText('Fractions week given to 1 student.').waitFor();

  const learner = await signedIn(student, PHONE);
  await learner.page.goto(`${app.url}/learn`);
  const card = learner.page.locator('article[data-step="problem"]');
  await card.waitFor({ timeout: 15_000 });
  await card.locator('.katex').first().waitFor();
  expect(await card.textContent()).toContain('Fractions');
  const set = (await (await fetch(`${app.url}/api/tutors/question-sets`, { headers: { authorization: `Bearer ${tutor.accessToken}` } })).json()) as { sets: { id: string }[] };
  const detail = await (await fetch(`${app.url}/api/tutors/question-sets/${set.sets[0]!.id}`, { headers: { authorization: `Bearer ${tutor.accessToken}` } })).json();
  expect(await card.getAttribute('data-problem-id')).toBe(detail.questions[0].id);
  // Shown as the tutor's, not as any new problem (issue 31).
  expect((await learner.page.getByTestId('problem-kind').textContent())?.trim()).toBe('Set by your tutor');

  // The tutor takes the set back: the student leaves the list and can be given it again.
  await page.getByRole('heading', { name: 'Students with this set' }).waitFor();
  await checkBothSizes(page, 'tutor-question-set-assigned');
  await page.getByRole('button', { name: 'Take back from Sasha Sets' }).click();
  await page.getByText('Fractions week taken back from Sasha Sets.').waitFor();
  await expect.poll(() => page.getByRole('checkbox', { name: 'Sasha Sets' }).isDisabled()).toBe(false);
  expect(await page.getByRole('heading', { name: 'Students with this set' }).count()).toBe(0);

  // An admin chooses the tutor on the tutor pages (?tutor_id=).
  const admin = await api('POST', '/api/auth/login', { email: 'admin@example.com', password: 'Demo123!' });
  const { page: adminPage } = await signedIn(admin, DESKTOP);
  await adminPage.goto(`${app.url}/tutor/students`);
  await adminPage.getByLabel('Tutor', { exact: true }).selectOption(tutor.user.id);
  await adminPage.waitForURL(new RegExp(`tutor_id=${tutor.user.id}`));
  await adminPage.getByRole('row', { name: /Sasha Sets/ }).waitFor();
  expect(await seriousA11yViolations(adminPage)).toEqual([]);
});
