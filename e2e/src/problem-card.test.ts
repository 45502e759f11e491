import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { demoProblems } from '@mathdaily/web/src/features/problem-card/demo-problems.ts';
import { appAndBrowserForFile, screenshot, seriousA11yViolations } from './harness.ts';

const running = appAndBrowserForFile();
const samples = demoProblems();

const card = (page: Page, index: number) => page.locator('article.problem-card').nth(index);
const submitButton = (page: Page, index: number) => card(page, index).getByRole('button', { name: 'Submit Answer' });
const summary = (page: Page) => page.getByTestId('results-summary');

async function openDemo(width: number, height: number): Promise<Page> {
  const page = await running.browser.newPage({ viewport: { width, height } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${running.app.url}/demo/problem-card`);
  // The sample problems and the answer checker load lazily (a separate chunk).
  await expect.poll(() => page.getByRole('heading', { name: 'Problem 1 of 4' }).count(), { timeout: 30_000 }).toBe(1);
  return page;
}

// The whole flow runs at phone size, where children practise and where layout is tightest; the
// desktop layout is checked by the MathML test below (axe, nothing wider than the screen).
describe.each([{ device: 'phone', width: 390, height: 844 }])('the problem card demo on a $device', ({ device, width, height }) => {
  test('rating required, hint toggle, correct and incorrect answers, skip, summary, reset', { timeout: 180_000 }, async () => {
    expect(samples.map((p) => p.problemType)[0]).toBe('multiple_choice');
    const page = await openDemo(width, height);
    expect(await page.title()).toBe('Problem card demo · MathDaily');
    await screenshot(page, `problem-card-${device}-1-start`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await summary(page).textContent()).toBe('0 of 4 problems done.');

    // Problem 1: multiple choice. Submit stays disabled until an answer and a rating exist.
    const first = card(page, 0);
    expect(await first.getAttribute('data-state')).toBe('unanswered');
    expect(await first.getByText('Multiple choice', { exact: true }).count()).toBe(1);
    expect(await submitButton(page, 0).isDisabled()).toBe(true);
    expect(await first.locator('.problem-card-missing li').allTextContents()).toEqual([
      'Please enter an answer',
      'Please rate the difficulty of this problem',
    ]);
    expect(await first.getByRole('group', { name: 'Choose your answer' }).count()).toBe(1);
    await first.locator(`input[type=radio][value="${samples[0]!.correctAnswer}"]`).check();
    expect(await submitButton(page, 0).isDisabled()).toBe(true);
    expect(await first.locator('.problem-card-missing li').allTextContents()).toEqual(['Please rate the difficulty of this problem']);
    const rating = first.getByRole('group', { name: /Rate the difficulty/ });
    expect(await rating.getByRole('radio').count()).toBe(5);
    for (const name of ['1 Very Easy', '2 Easy', '3 Medium', '4 Hard', '5 Very Hard']) {
      expect(await rating.getByRole('radio', { name }).count(), name).toBe(1);
    }
    await rating.getByRole('radio', { name: '2 Easy' }).check();
    expect(await submitButton(page, 0).isEnabled()).toBe(true);

    // Alt+H shows and hides the hint; the button says which.
    const hintButton = first.getByRole('button', { name: /Show Hint/ });
    expect(await hintButton.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Alt+KeyH');
    expect(await first.getByRole('button', { name: /Hide Hint/ }).getAttribute('aria-expanded')).toBe('true');
    expect(await first.getByText(samples[0]!.hint).isVisible()).toBe(true);
    await screenshot(page, `problem-card-${device}-2-answered-with-hint`);
    await page.keyboard.press('Alt+KeyH');
    expect(await first.getByRole('button', { name: /Show Hint/ }).getAttribute('aria-expanded')).toBe('false');
    expect(await first.getByText(samples[0]!.hint).isVisible()).toBe(false);

    // A correct answer: Correct, the answer, the explanation, 'Problem completed', inputs locked.
    await submitButton(page, 0).click();
    await expect.poll(() => first.getAttribute('data-state')).toBe('submitted');
    expect(await first.getByRole('heading', { name: /Correct/ }).textContent()).toContain('Correct');
    expect(await first.getByText('Problem completed').isVisible()).toBe(true);
    expect(await first.getByText('Correct answer').isVisible()).toBe(true);
    expect(await first.getByText('Explanation').isVisible()).toBe(true);
    for (const radio of await first.getByRole('radio').all()) expect(await radio.isDisabled()).toBe(true);
    expect(await first.getByRole('button', { name: 'Submit Answer' }).count()).toBe(0);
    expect(await summary(page).textContent()).toBe('1 of 4 problems done.');
    await screenshot(page, `problem-card-${device}-3-correct`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Problem 2: typed with the symbol buttons; the preview renders it; a wrong value is Incorrect.
    await page.getByRole('button', { name: /Next problem/ }).click();
    expect(await page.getByRole('heading', { name: 'Problem 2 of 4' }).isVisible()).toBe(true);
    const second = card(page, 1);
    // Its problem has a figure (a pie cut into slices): drawn on the card with its text alternative.
    expect(await second.getByTestId('problem-figure').getByRole('img', { name: samples[1]!.figure!.alt }).isVisible()).toBe(true);
    const box = second.getByRole('textbox', { name: 'Your answer' });
    expect(await box.getAttribute('inputmode')).toBe('text');
    await box.fill('3');
    await second.getByRole('button', { name: 'a/b: Insert fraction bar' }).click();
    await box.press('End');
    await box.pressSequentially('9');
    expect(await box.inputValue()).toBe('3/9');
    expect(await second.locator('.math-answer-preview .katex mfrac').count()).toBe(1);
    await second.getByRole('radio', { name: '4 Hard' }).check();
    await screenshot(page, `problem-card-${device}-4-typed`);
    await box.press('Enter');
    await expect.poll(() => second.getAttribute('data-state')).toBe('submitted');
    expect(await second.getByRole('heading', { name: /Incorrect/ }).count()).toBe(1);
    expect(await second.locator('.result-answers').textContent()).toContain(samples[1]!.correctAnswer.replace('/', ''));
    expect(await box.isDisabled()).toBe(true);
    expect(await second.getByText('Problem completed').isVisible()).toBe(true);
    await screenshot(page, `problem-card-${device}-5-incorrect`);

    // Problem 3: Enter without a rating says what is missing and submits nothing; Skip counts as done.
    await page.getByRole('button', { name: /Next problem/ }).click();
    const third = card(page, 2);
    await third.getByRole('textbox', { name: 'Your answer' }).fill('42');
    await third.getByRole('textbox', { name: 'Your answer' }).press('Enter');
    expect(await third.getAttribute('data-state')).toBe('unanswered');
    expect(await third.locator('.problem-card-missing.is-error').textContent()).toContain('Please rate the difficulty of this problem');
    expect(await third.getByRole('textbox', { name: 'Your answer' }).getAttribute('aria-invalid')).toBeNull();
    await third.getByRole('button', { name: 'Skip' }).click();
    expect(await third.getAttribute('data-state')).toBe('skipped');
    expect(await third.getByText('Problem skipped').isVisible()).toBe(true);
    expect(await third.getByRole('textbox', { name: 'Your answer' }).isDisabled()).toBe(true);
    expect(await summary(page).textContent()).toBe('3 of 4 problems done.');

    // Problem 4: an equivalent form of the answer (3√(2) for 3sqrt(2)) typed with the √ button, rated, then Enter.
    await page.getByRole('button', { name: /Next problem/ }).click();
    const fourth = card(page, 3);
    const surdBox = fourth.getByRole('textbox', { name: 'Your answer' });
    await fourth.getByRole('radio', { name: '1 Very Easy' }).check();
    await surdBox.fill('3');
    await fourth.getByRole('button', { name: '√: Insert square root' }).click();
    await surdBox.pressSequentially('2');
    expect(await surdBox.inputValue()).toBe('3√(2)');
    expect(await fourth.locator('.math-answer-preview .katex msqrt').count()).toBe(1);
    await surdBox.press('Enter');
    await expect.poll(() => fourth.getAttribute('data-state')).toBe('submitted');
    expect(await fourth.getByRole('heading', { name: /Correct/ }).count()).toBe(1);

    // The results summary.
    expect(await summary(page).textContent()).toBe('Demo complete: 2 of 4 correct.');
    const results = page.getByRole('complementary', { name: 'Results' });
    expect(await results.locator('.demo-tally dd').allTextContents()).toEqual(['2', '1', '1']);
    expect(await results.getByText('Score:').textContent()).toContain('50%');
    await page.getByRole('button', { name: 'See your results' }).click();
    await screenshot(page, `problem-card-${device}-6-complete`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Reset Demo: every problem is fresh again.
    await page.getByRole('button', { name: 'Reset Demo' }).click();
    expect(await summary(page).textContent()).toBe('0 of 4 problems done.');
    expect(await page.getByRole('heading', { name: 'Problem 1 of 4' }).isVisible()).toBe(true);
    expect(await card(page, 0).getAttribute('data-state')).toBe('unanswered');
    expect(await card(page, 0).locator('input[type=radio]:checked').count()).toBe(0);
    expect(await submitButton(page, 0).isDisabled()).toBe(true);
    await page.close();
  });
});

test('the demo page needs no sign-in and loads the maths as MathML for screen readers', async () => {
  const page = await openDemo(1280, 900);
  expect(page.url()).toBe(`${running.app.url}/demo/problem-card`);
  expect(await card(page, 0).locator('.problem-card-question math').count()).toBeGreaterThan(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.close();
});

/**
 * The card on its own, bundled from source, with an `onSubmit` that fails once: the demo checks
 * answers in the browser, so it cannot show the SPEC §4 failure path.
 */
async function openBareCard(): Promise<Page> {
  const { build } = await import('esbuild');
  const entry = `
    import { createRoot } from 'react-dom/client';
    import { LiveRegion } from '../../components/announcer.tsx';
    import { ProblemCard } from './problem-card.tsx';
    let calls = 0;
    const onSubmit = async () => {
      calls += 1;
      if (calls === 1) throw new Error('network down');
      return { isCorrect: true, correctAnswer: '12', explanation: '$3 \\\\times 4 = 12$' };
    };
    createRoot(document.getElementById('root')).render(
      <>
        <LiveRegion />
        <ProblemCard
          problem={{ id: 'p1', topic: 'Multiplication', question: 'What is $3 \\\\times 4$?', problemType: 'numeric', hint: 'Count in threes.', difficultyLevel: 1 }}
          onSubmit={onSubmit}
        />
      </>,
    );`;
  const bundle = await build({
    stdin: { contents: entry, loader: 'tsx', resolveDir: path.resolve(import.meta.dirname, '../../web/src/features/problem-card') },
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const page = await running.browser.newPage({ viewport: { width: 390, height: 844 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.setContent('<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  return page;
}

test('a failed submit announces the SPEC message and lets the student submit again', { timeout: 60_000 }, async () => {
  const page = await openBareCard();
  const bare = page.locator('article.problem-card');
  await bare.getByRole('textbox', { name: 'Your answer' }).fill('12');
  await bare.getByRole('radio', { name: '3 Medium' }).check();
  await bare.getByRole('button', { name: 'Submit Answer' }).click();

  await expect.poll(() => page.getByTestId('live-assertive').textContent()).toBe('Error submitting answer. Please try again.');
  expect(await bare.getByTestId('submit-error').textContent()).toBe('Error submitting answer. Please try again.');
  expect(await bare.getAttribute('data-state')).toBe('unanswered');
  // Nothing is lost: the answer and rating stay, and Submit works again.
  expect(await bare.getByRole('textbox', { name: 'Your answer' }).inputValue()).toBe('12');
  expect(await bare.getByRole('radio', { name: '3 Medium' }).isChecked()).toBe(true);
  await bare.getByRole('textbox', { name: 'Your answer' }).press('Enter');
  await expect.poll(() => bare.getAttribute('data-state')).toBe('submitted');
  expect(await bare.getByTestId('submit-error').count()).toBe(0);
  expect(await bare.getByText('Problem completed').isVisible()).toBe(true);
  await page.close();
});
