import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from '@mathdaily/launcher/app';
import { createTestDatabase } from '@mathdaily/testing';
import { launchBrowser, screenshot, seriousA11yViolations, startTestApp } from './harness.ts';

let app: RunningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

/**
 * As startTestApp(), but E2E_WEB_DIST may name a private copy of the built web app, so that a
 * rebuild of web/dist by someone else in the same tree cannot swap the files mid-run.
 */
async function startPublicTestApp(): Promise<RunningApp> {
  const webDist = process.env.E2E_WEB_DIST;
  if (!webDist) return startTestApp();
  return startApp({
    databaseUrl: await createTestDatabase('e2e', { seeded: true }),
    jwtSecret: 'e2e-secret-e2e-secret-e2e-secret-123456',
    demoAccounts: true,
    dataDir: await mkdtemp(path.join(tmpdir(), 'mathdaily-e2e-')),
    port: 0,
    log: () => {},
    webDist,
  });
}

beforeAll(async () => {
  app = await startPublicTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await app?.stop();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function open(path: string, viewport = DESKTOP, setup?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  contexts.push(context);
  await setup?.(context);
  const page = await context.newPage();
  await page.goto(`${app.url}${path}`);
  await page.locator('h1').first().waitFor({ timeout: 45_000 });
  return page;
}

/** Distance from the top of the viewport to the top of the element with this id. */
const topOf = (page: Page, id: string) => page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);

/** The data of every stored event of this type (paging through the whole store: the problem bank is large). */
async function storedEvents(type: 'ContactRequested' | 'ClientErrorReported') {
  const found: Record<string, unknown>[] = [];
  for (let after = 0n; ; ) {
    const events = await app.store.readAll({ after, limit: 5_000 });
    if (events.length === 0) return found;
    for (const event of events) if (event.type === type) found.push(event.data as Record<string, unknown>);
    after = events.at(-1)!.position;
  }
}
const storedContactRequests = () => storedEvents('ContactRequested');

const THANK_YOU = "Thank you for your message! We'll get back to you within 24 hours.";
const SECTIONS = [
  ['How It Works', 'how-it-works'],
  ['Testimonials', 'testimonials'],
  ['Features', 'features'],
  ['Pricing', 'pricing'],
] as const;

describe('landing page', () => {
  test('every header anchor scrolls to its section', async () => {
    const page = await open('/');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Mastery in\s+10 minutes\s+a day/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of SECTIONS) {
      await nav.getByRole('link', { name: label }).click();
      await expect.poll(() => topOf(page, id)).toBeGreaterThanOrEqual(-2);
      await expect.poll(() => topOf(page, id)).toBeLessThan(120);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
    }
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the header offers Sign In and Get Started, the hero Start Free Trial, the footer its links', async () => {
    const page = await open('/');
    const header = page.locator('.public-header-actions');
    expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(await header.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).first().getAttribute('href')).toBe('/register');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
      ['Support', 'mailto:support@mathdaily.app'],
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    const body = await page.locator('main').innerText();
    expect(body).toContain('3-4 problems from earlier days');
    expect(body).toContain('1-2 new problems');
    expect(body).toContain('7-day free trial');
    expect(await page.locator('.testimonial').count()).toBe(3);
    const preview = page.getByRole('figure', { name: /example/i });
    for (const label of ['Problems solved', 'Day streak', 'Grade level', 'Mastery level']) expect(await preview.innerText()).toContain(label);
    expect(await page.getByRole('table').innerText()).toContain('Other apps');
  });

  test('on a phone the links fold into a menu that closes after a choice', async () => {
    const page = await open('/', PHONE);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    await menuButton.click();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'public-landing-menu-390');
    await page.keyboard.press('Escape');
    expect(await nav.isVisible()).toBe(false);
    await menuButton.click();
    await nav.getByRole('link', { name: 'Testimonials' }).click();
    expect(await nav.isVisible()).toBe(false);
    await expect.poll(() => topOf(page, 'testimonials')).toBeLessThan(120);
    await expect.poll(() => topOf(page, 'testimonials')).toBeGreaterThanOrEqual(-2);
  });

  test('a section link on another page goes back to that section of the landing page', async () => {
    const page = await open('/pricing');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await page.waitForURL(`${app.url}/#features`);
    await expect.poll(() => topOf(page, 'features')).toBeLessThan(120);
    await expect.poll(() => topOf(page, 'features')).toBeGreaterThanOrEqual(-2);
  });

  test('Watch 2-min Demo opens a walkthrough that leads to the real demo problems', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: 'Watch 2-min Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'A MathDaily session, step by step' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Step 1 of 4');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'public-landing-demo-1280');
    for (let step = 0; step < 3; step += 1) await dialog.getByRole('button', { name: 'Next step' }).click();
    expect(await dialog.innerText()).toContain('Step 4 of 4');
    expect(await dialog.getByRole('link', { name: 'Try real demo problems' }).getAttribute('href')).toBe('/demo/problem-card');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });
});

describe('pricing page', () => {
  test('the monthly/yearly toggle switches prices', async () => {
    const page = await open('/pricing');
    const single = page.getByTestId('price-single-subject');
    const full = page.getByTestId('price-full-access');
    expect(await single.textContent()).toBe('£6.99/month');
    expect(await full.textContent()).toBe('£24.99/month');
    expect(await page.getByText('Save up to 17%').isVisible()).toBe(true);
    expect(await page.getByText('Most Popular').isVisible()).toBe(true);

    await page.getByRole('radio', { name: 'Yearly' }).check();
    expect(await single.textContent()).toBe('£69.99/year');
    expect(await full.textContent()).toBe('£249.99/year');
    expect(await page.getByTestId('price-note-single-subject').innerText()).toContain('Save £13.89 a year');
    expect(await page.getByTestId('price-note-full-access').innerText()).toContain('Save £49.89 a year');
    await screenshot(page, 'public-pricing-yearly-1280');

    await page.getByRole('radio', { name: 'Monthly' }).check();
    expect(await single.textContent()).toBe('£6.99/month');
  });

  test('add-ons, tutors, FAQ (one answer at a time) and the sign-up links', async () => {
    const page = await open('/pricing');
    const text = await page.locator('main').innerText();
    for (const expected of ['AI Hint Assistant', '£4.99', 'Beta', 'Live Group Tutorials', '£7.99', 'Coming Soon', '£5', 'Student mastery graphs']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/14-day/);
    expect(await page.getByRole('link', { name: 'Get your referral code' }).getAttribute('href')).toBe('/tutor/referrals');
    expect(await page.getByRole('link', { name: 'Contact Sales' }).first().getAttribute('href')).toBe('/contact');
    const payments = page.getByRole('button', { name: 'What payment methods do you accept?' });
    const family = page.getByRole('button', { name: 'Can brothers and sisters share one subscription?' });
    await payments.click();
    expect(await payments.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText('We accept major credit cards, PayPal and Apple Pay.').isVisible()).toBe(true);
    await family.click();
    expect(await family.getAttribute('aria-expanded')).toBe('true');
    expect(await payments.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('contact page', () => {
  test('invalid input shows the field errors; a valid message shows the thank-you and is stored', async () => {
    const page = await open('/contact');
    expect(await page.getByLabel('Plan you’re interested in').inputValue()).toBe('school');
    expect(await page.locator('main').innerText()).toContain('Mon-Fri 9-6 EST');

    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of ['Name is required', 'Email address is required', 'Message is required']) {
      await page.locator('.field-error', { hasText: message }).waitFor();
    }
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const name = `Principal ${randomUUID().slice(0, 8)}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.field-error', { hasText: 'Please enter a valid email address' }).waitFor();
    expect(await page.locator('.field-error', { hasText: 'Name is required' }).count()).toBe(0);

    await page.getByLabel('Email', { exact: true }).fill('head@school.example');
    await page.getByLabel('Organization').fill('Riverside Primary');
    await page.getByLabel('Message', { exact: true }).fill('We would like MathDaily for 240 students in grades 3-6.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(THANK_YOU, { exact: true }).waitFor();
    await screenshot(page, 'public-contact-sent-1280');

    await expect.poll(async () => (await storedContactRequests()).find((request) => request.name === name)).toMatchObject({
      source: 'contact',
      email: 'head@school.example',
      organization: 'Riverside Primary',
      plan: 'school',
      message: 'We would like MathDaily for 240 students in grades 3-6.',
    });
  });

  test("the server's field errors and refusals are shown", async () => {
    const page = await open('/contact');
    let reply: { status: number; body: unknown } = {
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'Please fix the following errors:', fields: { email: 'Email address is too long' } },
    };
    await page.route('**/api/contact-requests', (route) => route.fulfill({ status: reply.status, json: reply.body }));
    await page.getByLabel('Name', { exact: true }).fill('Sam');
    await page.getByLabel('Email', { exact: true }).fill('sam@example.org');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.field-error', { hasText: 'Email address is too long' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    reply = { status: 429, body: { code: 'RATE_LIMITED', message: 'You have sent a lot of messages in a short time. Please wait 9 minutes and try again.' } };
    await page.getByRole('button', { name: 'Send Message' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'We couldn’t send your message' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Please wait 9 minutes and try again.');
  });
});

/** Help is a signed-in page: registers a student through the API and stores its tokens in the browser. */
async function signedInContext(context: BrowserContext) {
  const email = `help-${randomUUID().slice(0, 8)}@example.org`;
  const response = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Practice#2026', firstName: 'Robin', lastName: 'Reader', gradeLevel: 6, role: 'student' }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { accessToken: string; refreshToken: string };
  await context.addInitScript(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access!);
      localStorage.setItem('refreshToken', refresh!);
    },
    [body.accessToken, body.refreshToken],
  );
  return { email };
}

describe('help page', () => {
  test('search filters the ten questions, one answer opens at a time, and the support form is stored', async () => {
    let account: { email: string } | undefined;
    const page = await open('/help', DESKTOP, async (context) => {
      account = await signedInContext(context);
    });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Help & Support');
    const questions = page.locator('.faq-question button');
    expect(await questions.count()).toBe(10);

    const search = page.getByRole('searchbox', { name: 'Search help articles' });
    await search.fill('password');
    await expect.poll(() => questions.count()).toBe(1);
    expect(await questions.first().innerText()).toContain('How do I change my password or profile picture?');
    await search.fill('spaced repetition');
    await expect.poll(() => questions.count()).toBe(1);
    expect(await questions.first().innerText()).toContain('Why do I see problems I have already solved?');
    await search.fill('zebra');
    await expect.poll(() => questions.count()).toBe(0);
    expect(await page.getByText('No articles match “zebra”.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => questions.count()).toBe(10);

    await page.getByRole('button', { name: 'Learning', exact: true }).click();
    await expect.poll(() => questions.count()).toBe(3);
    await page.getByRole('button', { name: 'All topics' }).click();

    await questions.nth(0).click();
    await questions.nth(2).click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await questions.nth(2).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.faq-answer:not([hidden])').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'help-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'help-390');
    await page.setViewportSize(DESKTOP);

    const form = page.locator('#contact-support');
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(account!.email);
    await form.getByLabel('Message', { exact: true }).fill('The hint button does nothing on problem 3.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.locator('.field-error', { hasText: 'Please choose a subject' }).waitFor();
    await form.getByLabel('Subject').selectOption('bug');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText(THANK_YOU, { exact: true }).waitFor();
    await expect
      .poll(async () => (await storedContactRequests()).find((request) => request.message === 'The hint button does nothing on problem 3.'))
      .toMatchObject({ source: 'help', subject: 'bug', plan: null, email: account!.email, name: 'Robin Reader' });
  });
});

/**
 * Makes the Terms page crash while it renders: setting its document title throws (an effect error,
 * which React hands to the error boundary). `window.crashTerms = false` lets it render again.
 */
async function crashingTermsPage(context: BrowserContext) {
  await context.addInitScript(() => {
    const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title')!;
    const flags = window as unknown as { crashTerms?: boolean };
    Object.defineProperty(document, 'title', {
      configurable: true,
      get: () => title.get!.call(document),
      set: (value: string) => {
        if (value.startsWith('Terms') && flags.crashTerms !== false) throw new Error('Test crash: the Terms page could not render');
        title.set!.call(document, value);
      },
    });
  });
}

/** The fields of the prefilled e-mail behind 'Report this issue'. */
async function reportMail(page: Page) {
  const href = (await page.getByRole('link', { name: 'Report this issue' }).getAttribute('href'))!;
  const mail = new URL(href);
  const body = mail.searchParams.get('body')!;
  const field = (name: string) => body.match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1];
  return { to: mail.pathname, subject: mail.searchParams.get('subject'), field };
}

async function adminToken() {
  const response = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Demo123!' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

describe('error boundary', () => {
  test('a crash shows the error screen, is recorded on the server for admins, and the e-mail quotes it', async () => {
    const page = await open('/terms?token=secret-reset-token#top', PHONE, crashingTermsPage);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Oops! Something went wrong');
    const status = page.getByTestId('error-report-status');
    await expect.poll(() => status.innerText()).toBe('The issue has been reported to our team and we’ll look into it.');
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reload Page' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'error-boundary-390');

    const mail = await reportMail(page);
    const userAgent = await page.evaluate(() => navigator.userAgent);
    expect(mail.to).toBe('support@mathdaily.app');
    expect(mail.subject).toBe('MathDaily error report');
    expect(mail.field('Error')).toBe('Test crash: the Terms page could not render');
    expect(mail.field('Browser')).toBe(userAgent);
    expect(mail.field('URL')).toBe(`${app.url}/terms`);
    expect(Date.parse(mail.field('Time')!)).toBeGreaterThan(Date.now() - 120_000);
    const reportId = mail.field('Report ID')!;
    expect(reportId).toMatch(/^[0-9a-f-]{36}$/);

    // Kept as an event, without the token in the address, and listed to admins.
    const stored = (await storedEvents('ClientErrorReported')).find((data) => data.reportId === reportId);
    expect(stored).toMatchObject({ message: 'Test crash: the Terms page could not render', url: `${app.url}/terms`, userAgent });
    expect(String(stored!.stack)).toContain('Test crash');
    const token = await adminToken();
    await expect
      .poll(async () => {
        const response = await fetch(`${app.url}/api/admin/client-errors?limit=100`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { data: { errors: { report_id: string; url: string }[] } };
        return body.data.errors.find((error) => error.report_id === reportId)?.url;
      })
      .toBe(`${app.url}/terms`);

    // Try Again renders the page again once the fault is gone.
    await page.evaluate(() => {
      (window as unknown as { crashTerms?: boolean }).crashTerms = false;
    });
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Terms of Service');
  });

  test('when the report cannot be sent the screen says so and the e-mail still carries the details', async () => {
    const page = await open('/terms', DESKTOP, async (context) => {
      await crashingTermsPage(context);
      await context.route('**/api/client-errors', (route) =>
        route.fulfill({ status: 429, json: { code: 'RATE_LIMITED', message: 'Too many error reports from this address.' } }),
      );
    });
    const status = page.getByTestId('error-report-status');
    await expect
      .poll(() => status.innerText())
      .toBe('We couldn’t send an automatic report. Please use “Report this issue” to tell us what happened.');
    await screenshot(page, 'error-boundary-1280');
    const mail = await reportMail(page);
    expect(mail.field('Error')).toBe('Test crash: the Terms page could not render');
    expect(mail.field('URL')).toBe(`${app.url}/terms`);
    expect(mail.field('Report ID')).toBeUndefined();
  });
});

describe('every public page', () => {
  const pages = [
    ['/', 'landing'],
    ['/pricing', 'pricing'],
    ['/contact', 'contact'],
    ['/terms', 'terms'],
    ['/privacy', 'privacy'],
  ] as const;

  test('has no serious or critical accessibility violations, on a desktop and on a phone', async () => {
    for (const [path, name] of pages) {
      // Loaded once at desktop size, then resized to a phone: the same checks without a second load.
      const page = await open(path, DESKTOP);
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        const violations = await seriousA11yViolations(page);
        expect({ path, width: viewport.width, violations }).toEqual({ path, width: viewport.width, violations: [] });
        // Nothing sticks out: no sideways scrolling, and every dashboard-preview figure fits its tile.
        const overflow = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth - window.innerWidth,
          tiles: [...document.querySelectorAll('.sample-dashboard-tile')].filter((tile) => tile.scrollWidth > tile.clientWidth).length,
        }));
        expect({ path, width: viewport.width, ...overflow }).toEqual({ path, width: viewport.width, page: 0, tiles: 0 });
        await screenshot(page, `public-${name}-${viewport.width}`);
      }
      await page.context().close();
    }
  }, 300_000);

  test('the legal pages are real: data kept, who sees it, deletion, parents, local storage', async () => {
    const privacy = await (await open('/privacy')).locator('main').innerText();
    for (const expected of ['active', 'admins', 'delete', 'parent or guardian', 'local storage', 'under 13', 'No adverts']) {
      expect(privacy).toContain(expected);
    }
    const terms = await (await open('/terms')).locator('main').innerText();
    expect(terms).toContain('7-day free trial');
    expect(terms).not.toMatch(/14-day/);
  });
});
