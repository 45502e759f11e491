import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appAndBrowserForFile } from './harness.ts';

/**
 * How the web app is delivered (docs/web-delivery.md): each page in its own chunk, so the landing
 * page's JavaScript stays small; KaTeX only with the pages that show maths; every file sent
 * precompressed as the browser asks.
 */

const running = appAndBrowserForFile();

interface Loaded {
  path: string;
  encoding: string | undefined;
  cacheControl: string | undefined;
  body: Buffer;
}

/** Opens the landing page and records every file it loads. */
async function openLanding(): Promise<{ page: Page; loaded: Loaded[] }> {
  const page = await running.browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const pending: Promise<Loaded>[] = [];
  page.on('response', (response) => {
    const headers = response.headers();
    pending.push(
      response
        .body()
        .catch(() => Buffer.alloc(0))
        .then((body) => ({
          path: new URL(response.url()).pathname,
          encoding: headers['content-encoding'],
          cacheControl: headers['cache-control'],
          body,
        })),
    );
  });
  await page.goto(`${running.app.url}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: /Mastery in 10 minutes a day/ }).waitFor({ timeout: 15_000 });
  return { page, loaded: await Promise.all(pending) };
}

/** GET with a chosen Accept-Encoding, the body as sent (not decoded). */
function rawGet(path: string, acceptEncoding: string | null): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, running.app.url);
    const req = request(url, { headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

test('the landing page loads under 150 kB of JavaScript (gzip), brotli-compressed, without KaTeX, mathjs or other pages', async () => {
  const { page, loaded } = await openLanding();
  const scripts = loaded.filter((file) => file.path.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(1);
  // Chromium accepts br, so every script comes as brotli, and hashed files are cached for a year.
  for (const script of scripts) {
    expect(script.encoding, script.path).toBe('br');
    expect(script.cacheControl, script.path).toBe('public, max-age=31536000, immutable');
  }
  const shell = loaded.find((file) => file.path === '/');
  expect(shell?.cacheControl).toBe('no-cache');

  const gzipBytes = scripts.reduce((sum, script) => sum + gzipSync(script.body, { level: 9 }).length, 0);
  console.log(`landing page JavaScript: ${(gzipBytes / 1000).toFixed(1)} kB gzip in ${scripts.length} files`);
  expect(gzipBytes).toBeLessThan(150_000);

  // KaTeX (its script, CSS and fonts), mathjs (the demo's answer checker) and the practice page
  // come only with the pages that need them.
  const names = loaded.map((file) => file.path).join('\n');
  expect(names).not.toMatch(/problem-card|demo-problems|learn-page|KaTeX/);
  expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('KaTeX_Main'))))).toBe(false);
  await page.close();
});

test('each file goes as brotli, gzip or as it is, as the Accept-Encoding asks; a missing build file is a 404', async () => {
  const shell = await rawGet('/', null);
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(shell.body.toString('utf8'))?.[1];
  expect(script).toBeDefined();
  for (const path of ['/', '/learn', script!]) {
    const plain = await rawGet(path, null);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await rawGet(path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await rawGet(path, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(gzip.body.length).toBeLessThan(plain.body.length);
  }
  expect((await rawGet('/learn', 'br')).headers['cache-control']).toBe('no-cache');
  expect((await rawGet('/assets/index-gone.js', 'br')).status).toBe(404);
});

test('maths renders with KaTeX once a page that shows it has loaded (landing → problem card demo)', async () => {
  const { page } = await openLanding();
  await page.getByRole('link', { name: 'Try a demo problem' }).click();
  await page.getByRole('heading', { name: 'Problem 1 of 4' }).waitFor({ timeout: 30_000 });
  const question = page.locator('article.problem-card').first().locator('.katex').first();
  await question.waitFor();
  // KaTeX's output: MathML for screen readers beside the visual HTML, in KaTeX's own fonts.
  expect(await page.locator('article.problem-card .katex .katex-mathml math mfrac').count()).toBeGreaterThan(0);
  expect(await question.evaluate((element) => getComputedStyle(element).fontFamily)).toContain('KaTeX_Main');
  expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('1em KaTeX_Main')))).toBe(true);
  expect(await page.locator('.katex-error').count()).toBe(0);
  await page.close();
});
