import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import { launchBrowser, seriousA11yViolations, startTestApp } from './harness.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('an unknown path shows the 404 page with a way back', async () => {
  const page = await browser.newPage();
  const response = await page.goto(`${app.url}/no/such/page`);
  expect(response?.status()).toBe(404);
  await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
  const link = page.getByRole('link', { name: 'Return to Dashboard' });
  expect(await link.getAttribute('href')).toBe('/dashboard');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.close();
});

test('app routes answer 200 with the app shell, a trailing slash and a query string included', async () => {
  for (const path of ['/', '/login', '/learn/', '/reset-password?token=abc', '/tutor/students/3f2b8c1e-5d4a-4b6c-8d7e-9f0a1b2c3d4e']) {
    const response = await fetch(`${app.url}${path}`);
    expect(response.status, path).toBe(200);
    expect(await response.text(), path).toContain('<div id="root">');
  }
});

test('an unknown API path or build file answers a JSON 404, not the app shell', async () => {
  for (const path of ['/api/no-such-route', '/assets/index-gone.js']) {
    const response = await fetch(`${app.url}${path}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  }
});
