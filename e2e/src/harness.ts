import http from 'node:http';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestDatabase, startApp, startTestApp, type RunningApp } from '@mathdaily/testing';
import { currentPlacementQuestion, foldEvents, placementDecider, placementStreamId } from '@mathdaily/domain';
export { startTestApp } from '@mathdaily/testing';

/**
 * The whole app on a new test database, serving a copy of the built web app: a rebuild of web/dist
 * while the file runs (other work in the same tree) would otherwise swap the page's chunks under it.
 */
export async function startAppOnBuiltCopy(name: string, jwtSecret: string, options: { seeded?: boolean } = {}): Promise<RunningApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `mathdaily-${name}-e2e-`));
  const webDist = path.join(dataDir, 'web');
  await cp(path.resolve(import.meta.dirname, '../../web/dist'), webDist, { recursive: true });
  return startApp({
    databaseUrl: await createTestDatabase(`${name}_e2e`, { seeded: options.seeded ?? false }),
    jwtSecret,
    demoAccounts: true,
    dataDir,
    port: 0,
    log: () => {},
    webDist,
  });
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // Chromium 156's headless window preloads two WebUI omnibox popups per page, each in a
      // renderer of its own: they doubled the CPU of a page load and added ~100 ms to every new page.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  });
}

/**
 * The app and a browser for a test file's specs: started before the first, closed after the last.
 * The object is filled in by the beforeAll hook, so the specs can name it at the top of the file.
 */
export function appAndBrowserForFile(): { app: RunningApp; browser: Browser } {
  const running = {} as { app: RunningApp; browser: Browser };
  beforeAll(async () => {
    running.app = await startTestApp();
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.app?.stop();
  });
  return running;
}

/** A JSON call to the app's API (signed in with `token` if given) that must succeed; its JSON answer. */
export async function callApi(baseUrl: string, method: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json() as Promise<any>;
}

/**
 * The tokens in the context's local storage before the app first starts, and only then (a session
 * storage mark), so a sign-out the test makes is not undone by the next page load.
 */
export async function seedTokensOnce(context: BrowserContext, tokens: { accessToken: string; refreshToken: string }) {
  await context.addInitScript((stored) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('accessToken', stored.accessToken);
      localStorage.setItem('refreshToken', stored.refreshToken);
      sessionStorage.setItem('seeded', '1');
    }
  }, tokens);
}

/** A signed-in page: the tokens are in local storage before the app starts; page errors are logged. */
export async function signedInPage(
  browser: Browser,
  tokens: { accessToken: string; refreshToken: string },
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((stored) => {
    localStorage.setItem('accessToken', stored.accessToken);
    localStorage.setItem('refreshToken', stored.refreshToken);
  }, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return { context, page };
}

let nextAddress = 1;

/**
 * POST /api/auth/login from a loopback address of its own (127.0.0.2 onwards, never off the
 * machine): sign-ins are limited to 20 a minute per address, and a test file that signs in through
 * the API for every page, besides its browser sign-ins from 127.0.0.1, passes that on a fast machine.
 */
export function signInThroughApi(baseUrl: string, email: string, password: string): Promise<{ status: number; body: unknown }> {
  return postFromOwnAddress(baseUrl, '/api/auth/login', { email, password });
}

/** A POST from the next loopback address (127.0.0.2 onwards): for calls limited per address, such as registrations (20 in 10 minutes). */
export function postFromOwnAddress(baseUrl: string, pathname: string, body: unknown): Promise<{ status: number; body: unknown }> {
  nextAddress = (nextAddress % 250) + 1;
  const url = new URL(pathname, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: `127.0.0.${nextAddress + 1}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; returns serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (no inline scripts) stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours as they end up: a button's background mid-transition (just clicked) measured as low contrast.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))),
  );
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document);
    return result.violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * With SCREENSHOTS=1, saves a full-page screenshot under e2e/screenshots/ for people to look at.
 * Off by default: encoding tall full-page PNGs is a large share of a browser test's time.
 */
export async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: path.resolve(import.meta.dirname, '../screenshots', `${name}.png`), fullPage: true });
}

/**
 * Answers the placement question on screen as a student who knows everything up to
 * `knowsUpToGrade` (the answer from the server side: the decider's current question in the app's
 * event store) and says "I haven't learned this yet" above it; waits for the next question or the
 * result. Returns the question's grade, and whether the check is over.
 */
export async function answerPlacementQuestion(page: Page, app: RunningApp, userId: string, number: number, knowsUpToGrade: number): Promise<{ grade: number; done: boolean }> {
  const stream = await app.store.readStream(placementStreamId(userId));
  const key = currentPlacementQuestion(foldEvents(placementDecider, stream.events).current!);
  if (key.grade > knowsUpToGrade) {
    await page.getByRole('button', { name: "I haven't learned this yet" }).click();
  } else if (key.problem.problem_type === 'multiple_choice') {
    await page.getByRole('radio', { name: key.problem.correct_answer, exact: true }).check();
    await page.getByRole('button', { name: 'Submit Answer' }).click();
  } else {
    await page.getByRole('textbox', { name: 'Your answer' }).fill(key.problem.correct_answer);
    await page.getByRole('button', { name: 'Submit Answer' }).click();
  }
  const result = page.getByRole('heading', { name: /^You're starting at Grade/ });
  await page.getByTestId('placement-progress').filter({ hasText: `Question ${number + 1} of at most 12` }).or(result).first().waitFor();
  return { grade: key.grade, done: await result.isVisible() };
}
