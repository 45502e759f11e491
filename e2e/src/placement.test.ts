import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import { currentPlacementQuestion, foldEvents, placementDecider, placementStreamId } from '@mathdaily/domain';
import { answerPlacementQuestion, launchBrowser, screenshot, seriousA11yViolations, signedInPage, startTestApp } from './harness.ts';

/**
 * The placement check in the browser: a student who skipped the grade at sign-up opens practice,
 * is sent to /placement, answers as a simulated grade-3 student (answers from the server side:
 * the decider's current question in the app's event store) and is started at Grade 3; practice
 * then opens and the dashboard shows Grade 3. Layout and axe at 1280 and 390 px.
 */

let app: RunningApp;
let browser: Browser;
let tokens: { accessToken: string; refreshToken: string; user: { id: string } };

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true });
  browser = await launchBrowser();
  const response = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `nia${Date.now() % 100_000}@example.com`, password: 'Secret123!', firstName: 'Nia', lastName: 'New' }),
  });
  expect(response.status).toBe(201);
  tokens = (await response.json()) as typeof tokens;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function answerKey() {
  const stream = await app.store.readStream(placementStreamId(tokens.user.id));
  return currentPlacementQuestion(foldEvents(placementDecider, stream.events).current!);
}

/** axe clean and nothing wider than the window, at desktop size and then at 390 px. */
async function checkLayout(page: Page, name: string) {
  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Anything reaching past the window's right edge, named for the failure message.
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1).map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    );
    expect(overflowing, `at ${width} px`).toEqual([]);
    await screenshot(page, `placement-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('placement check', () => {
  test('a student without a grade is placed before practice, one question at a time, and starts at the grade found', async () => {
    const { context, page } = await signedInPage(browser, tokens, { width: 1280, height: 900 });

    await page.goto(`${app.url}/learn`);
    await page.getByRole('heading', { name: "Before your first practice, let's find your level" }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/placement');
    await page.getByRole('button', { name: 'Start the check' }).click();

    await page.getByTestId('placement-progress').filter({ hasText: 'Question 1 of at most 12' }).waitFor();
    // The first question's form depends on the seed the server drew: its answer box, or its first option, has focus.
    const first = await answerKey();
    const focused = first.problem.problem_type === 'multiple_choice' ? page.getByRole('radio').first() : page.getByRole('textbox', { name: 'Your answer' });
    await expect.poll(() => focused.evaluate((element) => element === document.activeElement)).toBe(true);
    await checkLayout(page, 'question');

    let retried = false;
    for (let number = 1; number <= 12; number++) {
      await page.getByTestId('placement-progress').filter({ hasText: `Question ${number} of at most 12` }).waitFor();
      const key = await answerKey();
      if (!retried && key.problem.problem_type !== 'multiple_choice') {
        // An answer the checker cannot read is a retry: the message, the same question, the text kept.
        const box = page.getByRole('textbox', { name: 'Your answer' });
        await box.fill('abc?!');
        await page.getByRole('button', { name: 'Submit Answer' }).click();
        await page.locator('.learn-answer-error').waitFor();
        expect(await box.inputValue()).toBe('abc?!');
        await expect.poll(() => page.getByTestId('placement-progress').textContent()).toBe(`Question ${number} of at most 12`);
        retried = true;
      }
      if ((await answerPlacementQuestion(page, app, tokens.user.id, number, 3)).done) break;
    }
    expect(retried, 'no typed question came up to try an unreadable answer on').toBe(true);
    await page.getByRole('heading', { name: "You're starting at Grade 3" }).waitFor();
    await checkLayout(page, 'result');

    await page.getByRole('link', { name: 'Start practising' }).click();
    await page.locator('.learn-problem').first().waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/learn');

    // The dashboard offers the check again to everyone.
    await page.goto(`${app.url}/dashboard`);
    expect(await page.getByRole('link', { name: 'Find my level' }).getAttribute('href')).toBe('/placement');
    await page.getByTestId('tile-grade-level').filter({ hasText: 'Grade 3' }).waitFor();
    await checkLayout(page, 'dashboard');
    await context.close();
    // About 16 s on an idle machine; up to 12 answers each wait for the projector on a loaded one.
  }, 120_000);
});
