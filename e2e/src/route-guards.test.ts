import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import { launchBrowser, seedTokensOnce, startTestApp } from './harness.ts';

let app: RunningApp;
let browser: Browser;
let accounts: { email: string; password: string; role: string }[];

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true });
  browser = await launchBrowser();
  const response = await fetch(`${app.url}/api/auth/test-accounts`);
  accounts = ((await response.json()) as { accounts: typeof accounts }).accounts;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function tokensFor(role: string) {
  const account = accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  const response = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { accessToken: string; refreshToken: string };
}

/** A page whose local storage holds the given tokens before the app starts. */
async function pageWith(tokens: { accessToken: string; refreshToken: string } | null): Promise<Page> {
  const context = await browser.newContext();
  if (tokens) await seedTokensOnce(context, tokens);
  return context.newPage();
}

async function landsOn(page: Page, path: string, expected: string) {
  await page.goto(`${app.url}${path}`);
  await page.waitForURL((url) => url.pathname === expected, { timeout: 10_000 });
  return new URL(page.url()).pathname;
}

describe('route guards (SPEC §2 route table)', () => {
  test('guests: protected pages go to /login, guest pages and open pages are served', async () => {
    const page = await pageWith(null);
    for (const path of ['/dashboard', '/learn', '/progress', '/profile', '/achievements', '/help', '/tutor/dashboard', '/tutor/students', '/tutor/referrals', '/admin']) {
      expect(await landsOn(page, path, '/login')).toBe('/login');
    }
    for (const path of ['/', '/login', '/register', '/pricing', '/contact', '/demo/problem-card', '/test-credentials', '/diagnostic', '/terms', '/privacy']) {
      expect(await landsOn(page, path, path)).toBe(path);
    }
    await page.context().close();
  });

  test('signed-in users leave guest-only pages for /dashboard; students may not open tutor or admin pages', async () => {
    const page = await pageWith(await tokensFor('student'));
    for (const path of ['/', '/login', '/register', '/pricing', '/contact']) {
      expect(await landsOn(page, path, '/dashboard')).toBe('/dashboard');
    }
    for (const path of ['/tutor/dashboard', '/tutor/students', '/tutor/referrals', '/admin']) {
      expect(await landsOn(page, path, '/dashboard')).toBe('/dashboard');
    }
    expect(await landsOn(page, '/progress', '/progress')).toBe('/progress');
    await page.context().close();
  });

  test('a tutor opening /dashboard goes to /tutor/dashboard, and may not open /admin', async () => {
    const page = await pageWith(await tokensFor('tutor'));
    expect(await landsOn(page, '/dashboard', '/tutor/dashboard')).toBe('/tutor/dashboard');
    expect(await landsOn(page, '/admin', '/tutor/dashboard')).toBe('/tutor/dashboard');
    await page.context().close();
  });

  test('an admin reaches /admin and the tutor area', async () => {
    const page = await pageWith(await tokensFor('admin'));
    expect(await landsOn(page, '/admin', '/admin')).toBe('/admin');
    expect(await landsOn(page, '/tutor/students', '/tutor/students')).toBe('/tutor/students');
    await page.context().close();
  });

  test('a 401 triggers one refresh and a retry; a failed refresh clears the tokens and goes to /login', async () => {
    const tokens = await tokensFor('student');
    const stale = { accessToken: `${tokens.accessToken.slice(0, -4)}AAAA`, refreshToken: tokens.refreshToken };
    const page = await pageWith(stale);
    expect(await landsOn(page, '/progress', '/progress')).toBe('/progress');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')), { timeout: 10_000 }).not.toBe(stale.accessToken);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).count(), { timeout: 10_000 }).toBe(1);
    const refreshed = await page.evaluate(() => ({ access: localStorage.getItem('accessToken'), refresh: localStorage.getItem('refreshToken') }));
    expect(new URL(page.url()).pathname).toBe('/progress');
    expect(refreshed.refresh).not.toBe(tokens.refreshToken);
    await page.context().close();

    const broken = await pageWith({ accessToken: 'not-a-token', refreshToken: 'not-a-refresh-token' });
    expect(await landsOn(broken, '/progress', '/login')).toBe('/login');
    const left = await broken.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
    expect(left).toEqual([null, null]);
    await broken.context().close();
  });

  test('while the auth state loads, a Loading... spinner shows', async () => {
    const tokens = await tokensFor('student');
    const page = await pageWith(tokens);
    // Hold the /me answer so the loading state is visible.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.url}/progress`);
    await expect.poll(() => page.getByText('Loading...').count()).toBeGreaterThan(0);
    release();
    await page.waitForURL((url) => url.pathname === '/progress');
    await page.context().close();
  });
});
