import { expect, test } from 'vitest';
import { appAndBrowserForFile, seriousA11yViolations } from './harness.ts';

const running = appAndBrowserForFile();

test('an unknown path shows the 404 page with a way back', async () => {
  const page = await running.browser.newPage();
  const response = await page.goto(`${running.app.url}/no/such/page`);
  expect(response?.status()).toBe(404);
  await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
  const link = page.getByRole('link', { name: 'Return to Dashboard' });
  expect(await link.getAttribute('href')).toBe('/dashboard');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.close();
});

test('app routes answer 200 with the app shell, a trailing slash and a query string included', async () => {
  for (const path of ['/', '/login', '/learn/', '/reset-password?token=abc', '/tutor/students/3f2b8c1e-5d4a-4b6c-8d7e-9f0a1b2c3d4e']) {
    const response = await fetch(`${running.app.url}${path}`);
    expect(response.status, path).toBe(200);
    expect(await response.text(), path).toContain('<div id="root">');
  }
});

test('an unknown API path or build file answers a JSON 404, not the app shell', async () => {
  for (const path of ['/api/no-such-route', '/assets/index-gone.js']) {
    const response = await fetch(`${running.app.url}${path}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  }
});
