import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@mathdaily/domain';
import { launchBrowser, screenshot, seriousA11yViolations, startTestApp } from './harness.ts';

/** The admin area in Chromium: a role change found again in the event log with the admin as its actor. */

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminId: string;
let caseyId: string;

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(`${app.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true });
  browser = await launchBrowser();
  const casey = await post<{ user: { id: string } }>('/api/auth/register', { email: 'casey.changed@example.org', password: 'Casey-123!x', firstName: 'Casey', lastName: 'Changed' });
  caseyId = casey.user.id;
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  const tokens = await post<{ accessToken: string; refreshToken: string; user: { id: string } }>('/api/auth/login', { email: admin.email, password: DEMO_PASSWORD });
  adminId = tokens.user.id;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((stored) => {
    localStorage.setItem('accessToken', stored.accessToken);
    localStorage.setItem('refreshToken', stored.refreshToken);
  }, tokens);
  page = await context.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('admin area', () => {
  test('an admin changes a role, then finds the change in /admin/events with their own name as the actor', async () => {
    await page.goto(`${app.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('table').waitFor();
    await expect.poll(() => page.locator('.admin-stat').first().textContent()).toMatch(/Total users\s*5/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-dashboard-1280');

    await page.getByLabel('Search by name or email').fill('casey');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Edit role of Casey Changed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit role' });
    await dialog.getByLabel('Tutor').check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-edit-role-1280');
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('tbody tr .badge').textContent()).toBe('Tutor');

    await page.getByRole('link', { name: 'Event log' }).click();
    await page.getByLabel('Event type').fill('UserRoleChanged');
    await page.getByRole('button', { name: 'Show events' }).click();
    const first = page.locator('.admin-event').first();
    await expect.poll(() => first.locator('.admin-event-summary').textContent()).toContain('UserRoleChanged');
    expect(await first.locator('.admin-event-summary').textContent()).toContain('by Alex Admin');
    await first.getByRole('button', { name: 'Details' }).click();
    const details = await first.locator('.admin-json').first().textContent();
    expect(JSON.parse(details!)).toEqual({ userId: caseyId, role: 'tutor', previousRole: 'student', changedBy: adminId });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-events-1280');

    // One click to the user's whole history: registration first (oldest, last on the page), role change newest.
    await first.getByRole('link', { name: 'Stream history' }).click();
    await page.waitForURL((url) => url.searchParams.get('stream') === `user-${caseyId}`);
    await expect.poll(() => page.locator('.admin-event-type').allTextContents()).toEqual(expect.arrayContaining(['UserRoleChanged', 'UserRegistered']));
    const types = await page.locator('.admin-event-type').allTextContents();
    expect(types[0]).toBe('UserRoleChanged');
    expect(types.at(-1)).toBe('UserRegistered');
    // The registration's password hash is not shown.
    await page.locator('.admin-event').last().getByRole('button', { name: 'Details' }).click();
    expect(await page.locator('.admin-event').last().locator('.admin-json').first().textContent()).toContain('"passwordHash": "[redacted]"');
    await page.locator('.admin-event').last().getByRole('link', { name: 'Same request' }).click();
    await page.waitForURL((url) => url.searchParams.has('correlation'));
    await expect.poll(() => page.locator('.admin-event-type').allTextContents()).toEqual(expect.arrayContaining(['UserRegistered', 'EmailAddressReserved']));
  });

  test('failures show the SPEC texts, and Retry loads again', async () => {
    await page.route('**/api/admin/users?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"x"}' }));
    await page.route('**/api/admin/dashboard/stats', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"x"}' }));
    await page.goto(`${app.url}/admin`);
    await page.getByText('Failed to load dashboard statistics').waitFor();
    await page.getByText('Failed to load users').waitFor();
    await page.unroute('**/api/admin/users?*');
    await page.locator('.admin-users').getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('table').waitFor();

    await page.route('**/api/admin/users/role', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"Something went wrong on our side. Please try again."}' }));
    await page.getByRole('button', { name: 'Edit role of Casey Changed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit role' });
    await dialog.getByLabel('Parent').check();
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Failed to update user role');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unrouteAll();
  });

  test('phone width, and the messages page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/admin`);
    await page.getByRole('table').waitFor();
    await screenshot(page, 'admin-dashboard-390');
    await page.goto(`${app.url}/admin/events?stream=user-${caseyId}`);
    await page.locator('.admin-event').first().waitFor();
    await screenshot(page, 'admin-events-390');
    await page.goto(`${app.url}/admin/reports`);
    await page.getByRole('tab', { name: 'Contact requests' }).waitFor();
    await page.getByRole('tab', { name: 'Error reports' }).click();
    await page.getByText(/No error reports yet|Stack trace|On /).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-reports-390');
  });
});
