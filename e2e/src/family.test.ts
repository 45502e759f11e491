import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import { createTestDatabase, startApp } from '@mathdaily/testing';
import { launchBrowser, screenshot, seedTokensOnce, seriousA11yViolations } from './harness.ts';

/**
 * Families in Chromium (issue 33): a parent registers as a parent, links a child with the code the
 * child made on their profile, sees the child's week, downloads the child's data; the child then
 * deletes their account, and the parent's page shows the child gone. Each page checked with axe
 * at 1280 and 390 px.
 */

let app: RunningApp;
let browser: Browser;
let dataDir: string;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const tag = randomUUID().slice(0, 6);
const child = { firstName: 'Hattie', lastName: 'Pennywhistle', email: `hattie.${tag}@example.com`, password: 'Hattie-123!' };
const parent = { firstName: 'Mabel', lastName: 'Pennywhistle', email: `mabel.${tag}@example.com`, password: 'Mabel-123!x' };

async function api(method: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json() as Promise<any>;
}

/** Axe at desktop size, then the same page at phone size: axe again, and nothing wider than the screen. */
async function checkBothSizes(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

async function signedInContext(email: string, password: string) {
  const tokens = await api('POST', '/api/auth/login', { email, password });
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  await seedTokensOnce(context, tokens);
  return context;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-family-e2e-'));
  const webDist = path.join(dataDir, 'web');
  await cp(path.resolve(import.meta.dirname, '../../web/dist'), webDist, { recursive: true });
  app = await startApp({ databaseUrl: await createTestDatabase('family_e2e', { seeded: true }), jwtSecret: 'family-e2e-secret-family-e2e-secret-01', demoAccounts: false, dataDir, port: 0, log: () => {}, webDist });
  browser = await launchBrowser();
  // The child registered earlier and practised a little.
  const registered = await api('POST', '/api/auth/register', { ...child, gradeLevel: 4 });
  const token = registered.accessToken as string;
  const due = (await api('GET', `/api/learning/due-problems/${registered.user.id}?limit=20`, undefined, token)).data.problems as { id: string; answer_options: string[] | null }[];
  const sessionId = randomUUID();
  await api('POST', '/api/learning/sessions', { session_id: sessionId }, token);
  // Three answers recorded; one the checker cannot read (422, a retry) is skipped.
  let recorded = 0;
  for (const problem of due) {
    if (recorded === 3) break;
    const answer = { problem_id: problem.id, session_id: sessionId, user_answer: problem.answer_options?.[0] ?? '7', response_time_ms: 30_000, hints_used: 0 };
    const response = await fetch(`${app.url}/api/learning/submit-answer`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(answer) });
    if (response.status === 201) recorded += 1;
  }
  expect(recorded).toBe(3);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('a family', () => {
  let code = '';
  let parentPage: Page;

  test('the child makes a link code on their profile', async () => {
    const page = await (await signedInContext(child.email, child.password)).newPage();
    await page.goto(`${app.url}/profile`);
    await page.getByRole('heading', { name: 'Your family' }).waitFor();
    await page.getByRole('button', { name: 'Make a code for a parent' }).click();
    code = (await page.getByTestId('family-link-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await page.getByText('Nobody yet.').waitFor();
    await checkBothSizes(page, 'family-child-profile');
    await page.context().close();
  });

  test('a parent registers as a parent and links the child with the code', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${app.url}/register`);
    await page.getByLabel("I'm a parent or guardian").check();
    expect(await page.getByLabel(/Grade Level/).count()).toBe(0);
    await checkBothSizes(page, 'family-register-parent');
    await page.getByLabel('First Name').fill(parent.firstName);
    await page.getByLabel('Last Name').fill(parent.lastName);
    await page.getByLabel('Email Address').fill(parent.email);
    await page.getByLabel('Password', { exact: true }).fill(parent.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(parent.password);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${app.url}/login`);
    await page.getByTestId('registered-banner').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(parent.email);
    await page.getByLabel('Password', { exact: true }).fill(parent.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/parent$/);
    await page.getByRole('heading', { name: 'No children linked yet' }).waitFor();
    await page.getByLabel('Code from your child').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Link child' }).click();
    await page.locator('#main').getByText(`You are now linked to ${child.firstName}.`).waitFor();
    parentPage = page;
  });

  test("the parent sees the child's week, read-only, and downloads the child's data", async () => {
    const card = parentPage.getByTestId('child-card');
    await card.getByRole('heading', { name: `${child.firstName} ${child.lastName}` }).waitFor();
    const week = card.getByTestId('child-week');
    await expect.poll(async () => week.textContent()).toMatch(/Days practised1/);
    expect(await week.textContent()).toMatch(/Problems answered3/);
    await checkBothSizes(parentPage, 'family-parent-dashboard');
    const [download] = await Promise.all([parentPage.waitForEvent('download'), card.getByRole('button', { name: `Download ${child.firstName}'s data` }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mathdaily-data-hattie-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(await readFile((await download.path())!));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'events.json', 'read-models/attempts.json']));
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ user: { first_name: child.firstName, email: child.email } });
    const events = JSON.parse(strFromU8(files['events.json']!)) as { type: string; data: Record<string, unknown> }[];
    expect(events.filter((event) => event.type === 'AnswerSubmitted')).toHaveLength(3);
    expect(JSON.stringify(events)).not.toMatch(/\$argon2/);
  });

  test('the child deletes their account, and the parent’s page shows the child gone', async () => {
    const page = await (await signedInContext(child.email, child.password)).newPage();
    await page.goto(`${app.url}/profile`);
    await page.getByRole('button', { name: `Remove ${parent.firstName} ${parent.lastName}` }).waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Your password', { exact: true }).fill(child.password);
    await checkBothSizes(page, 'family-child-delete');
    await page.getByRole('button', { name: 'Delete your account' }).click();
    await page.waitForURL(/\/login/);
    await page.context().close();

    await parentPage.reload();
    await parentPage.getByRole('heading', { name: 'No children linked yet' }).waitFor();
    expect(await parentPage.getByTestId('child-card').count()).toBe(0);
    const signIn = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: child.email, password: child.password }) });
    expect(signIn.status).toBe(401);
  });

  test('the privacy notice for children reads plainly, from the footer', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${app.url}/`);
    await page.getByRole('link', { name: 'Privacy for children' }).click();
    await page.getByRole('heading', { name: /For children: what we keep, in plain words/ }).waitFor();
    await checkBothSizes(page, 'family-privacy-children');
    await page.close();
  });
});
