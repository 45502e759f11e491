import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { RunningApp } from '@mathdaily/launcher/app';
import { launchBrowser, screenshot, seriousA11yViolations, signInThroughApi, startTestApp } from './harness.ts';

/**
 * The accounts front end in a real browser against the whole app: register → verification
 * e-mail in /dev/mailbox → verify → sign in → profile edit → logout; failures; quick login;
 * forgotten password; avatars; the user menu; axe on every accounts page at phone and desktop sizes.
 */

let app: RunningApp;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DEMO_PASSWORD = 'Demo123!';
const PASSWORD = 'Sunny-Day-42';

/**
 * A fresh app appends the rest of the problem bank in the background, thousands of events the
 * projector works through before it reaches anything a test does; reads wait for their position
 * only 2 s. Start once the bank is stored and the projector has caught up, as a running app is.
 */
async function waitForSteadyState() {
  const deadline = Date.now() + 150_000;
  while (!(await app.store.readStream('problem-bank')).exists) {
    if (Date.now() > deadline) throw new Error('the problem bank was not seeded within 150 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (;;) {
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as { projector: { lag: string | null } };
    if (health.projector.lag === '0') return;
    if (Date.now() > deadline) throw new Error(`the projector did not catch up (lag ${health.projector.lag})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true });
  browser = await launchBrowser();
  await waitForSteadyState();
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${(counter += 1)}@example.com`;

async function newPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the API and hands the tokens to the browser before any page script runs. */
async function signedInPage(email: string, password: string, viewport = DESKTOP) {
  const response = await signInThroughApi(app.url, email, password);
  expect(response.status).toBe(200);
  const { accessToken, refreshToken } = response.body as { accessToken: string; refreshToken: string };
  const { context, page } = await newPage(viewport);
  await context.addInitScript(
    ([access, refresh]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('accessToken', access!);
        localStorage.setItem('refreshToken', refresh!);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [accessToken, refreshToken],
  );
  return { context, page };
}

async function registerByApi(firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName, lastName: 'Tester', role: 'student' }),
  });
  expect(response.status).toBe(201);
  return email;
}

/** Stops the page's installed clock (a second on, as pausing cannot go back and the page's clock runs
 * meanwhile): from here only runFor moves it, so a loaded machine's real seconds cannot expire a
 * banner between two checks. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

const polite = (page: Page) => page.getByTestId('live-polite');
const assertive = (page: Page) => page.getByTestId('live-assertive');

/**
 * Finds the newest e-mail to `to` whose subject matches on the /dev/mailbox page, read by the demo
 * admin in a context of its own (the mailbox is admins-only), and follows its link in `page`.
 */
async function followMailLink(page: Page, to: string, subject: RegExp) {
  const { context, page: mailbox } = await signedInPage('admin@example.com', DEMO_PASSWORD);
  try {
    await mailbox.goto(`${app.url}/dev/mailbox`);
    // The reader is told the links act as their recipient, before following one.
    await expect.poll(() => mailbox.getByRole('note').filter({ hasText: 'Links in these e-mails act for the person they were sent to' }).count()).toBe(1);
    await mailbox.getByLabel('Filter by recipient').fill(to);
    const mail = mailbox.getByRole('article').filter({ has: mailbox.getByRole('heading', { name: subject }) }).first();
    await expect
      .poll(
        async () => {
          if (await mail.count()) return true;
          await mailbox.getByRole('button', { name: 'Refresh' }).click();
          await mailbox.waitForTimeout(250);
          return false;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect.poll(() => mail.getByText(to).count()).toBeGreaterThan(0);
    const href = await mail.getByRole('link').first().getAttribute('href');
    await page.goto(new URL(href!, app.url).toString());
  } finally {
    await context.close();
  }
}

describe('a new student', () => {
  test('registers, verifies the e-mail from the mailbox, signs in, edits the profile and logs out', async () => {
    const { context, page } = await newPage();
    const email = uniqueEmail('robin');

    // Register.
    await page.goto(`${app.url}/register`);
    await page.getByLabel('First Name').fill('Robin');
    await page.getByLabel('Last Name').fill('Okafor');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Grade Level').selectOption({ label: 'Grade 6' });
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    const create = page.getByRole('button', { name: 'Create Account' });
    expect(await create.isDisabled()).toBe(true);
    for (const [name, href] of [
      [/Terms of Service/, '/terms'],
      [/Privacy Policy/, '/privacy'],
    ] as const) {
      const link = page.getByRole('link', { name });
      expect([await link.getAttribute('href'), await link.getAttribute('target')]).toEqual([href, '_blank']);
    }
    expect(await page.getByRole('link', { name: 'Sign in here' }).getAttribute('href')).toBe('/login');
    await page.getByLabel(/I agree to the/).check();
    expect(await create.isDisabled()).toBe(false);
    // Hold the answers a moment so the submitting states can be seen.
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    };
    await page.route('**/api/auth/register', slow);
    await create.click();
    const creating = page.getByRole('button', { name: 'Creating Account...' });
    await expect.poll(() => creating.count()).toBe(1);
    expect(await creating.isDisabled()).toBe(true);

    // Sent to /login with the SPEC message (not signed in: the API's session was revoked).
    await page.waitForURL(`${app.url}/login`);
    await expect.poll(() => page.getByTestId('registered-banner').textContent()).toBe('Account created successfully! Please check your email to verify your account.');
    expect(await polite(page).textContent()).toBe('Registration successful! Please check your email to verify your account.');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // The verification e-mail, opened from the development mailbox.
    await followMailLink(page, email, /Verify your email/);
    await page.waitForURL(/\/verify-email\?token=/);
    await expect.poll(() => page.getByRole('heading', { name: 'Email verified' }).count(), { timeout: 10_000 }).toBe(1);
    // The same link opened again (a second click in the e-mail): still verified, no failure page.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Email verified' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('heading', { name: "We couldn't verify your email" }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in' }).click();

    // Sign in.
    await page.waitForURL(`${app.url}/login`);
    expect(await page.getByRole('link', { name: 'Create one here' }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: /test account/ }).getAttribute('href')).toBe('/test-credentials');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.route('**/api/auth/login', slow);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const signingIn = page.getByRole('button', { name: 'Signing In...' });
    await expect.poll(() => signingIn.count()).toBe(1);
    expect(await signingIn.isDisabled()).toBe(true);
    await page.waitForURL(`${app.url}/dashboard`);
    await expect.poll(() => polite(page).textContent()).toBe('Login successful! Redirecting to dashboard.');
    await page.getByTestId('tile-problems-solved').waitFor();
    expect(await page.getByTestId('verify-reminder').count()).toBe(0);

    // Profile, through the user menu.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('link', { name: 'Profile & Settings' }).click();
    await page.waitForURL(`${app.url}/profile`);
    const details = page.getByTestId('personal-details');
    await expect.poll(() => details.textContent()).toContain('Robin');
    expect(await details.textContent()).toContain('Verified');
    expect(await details.textContent()).toContain('Grade 6');
    await expect.poll(() => page.getByRole('progressbar', { name: 'Overall' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByRole('button', { name: 'Cancel' }).first().isVisible()).toBe(true);
    expect(await page.getByLabel('Email Address').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('First Name').fill('Robyn');
    await page.getByLabel('Last Name').fill("O'Kafor-Lee");
    await page.getByLabel('Grade Level').selectOption({ label: 'Grade 8' });
    await page.getByLabel('Timezone').selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    const banner = page.getByTestId('profile-success');
    await expect.poll(() => banner.textContent()).toBe('Profile updated successfully');
    await expect.poll(() => details.textContent()).toContain('Robyn');
    expect(await details.textContent()).toContain("O'Kafor-Lee");
    expect(await details.textContent()).toContain('Grade 8');
    expect(await details.textContent()).toContain('Tokyo');
    expect(await page.getByTestId('user-menu-button').textContent()).toContain('Robyn');
    // SPEC §9: the success banner goes after 3 seconds.
    await expect.poll(() => banner.count(), { timeout: 5_000 }).toBe(0);

    // Saved on the server: a fresh load shows the same values.
    await page.reload();
    await expect.poll(() => details.textContent()).toContain('Robyn');
    expect(await details.textContent()).toContain('Tokyo');

    // Logout: back at /login; protected pages send you there.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    await page.goto(`${app.url}/profile`);
    await page.waitForURL(`${app.url}/login`);
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(`${app.url}/login`);
    await context.close();
  });

  test('register: field errors are listed, tied to their inputs, focused and announced', async () => {
    const { context, page } = await newPage(PHONE);
    await page.goto(`${app.url}/register`);
    await page.getByLabel('First Name').fill('R');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    const summary = page.getByTestId('form-errors');
    await expect.poll(() => summary.getByRole('heading').textContent()).toBe('Please fix the following errors:');
    const items = await summary.getByRole('listitem').allTextContents();
    expect(items).toEqual([
      'First name must be at least 2 characters long',
      'Last name is required',
      'Please enter a valid email address',
      'Password must be at least 8 characters long',
      'Please confirm your password',
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('form-errors');
    expect(await assertive(page).textContent()).toBe('Form has errors. Please check the fields below.');

    const firstName = page.getByLabel('First Name');
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await firstName.getAttribute('aria-describedby'))!;
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('First name must be at least 2 characters long');
    await screenshot(page, 'accounts-phone-register-errors');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Editing a field clears its error.
    await firstName.fill('Ro');
    expect(await firstName.getAttribute('aria-invalid')).toBeNull();

    // A server refusal: the address is taken.
    await page.getByLabel('Last Name').fill('Taken');
    await page.getByLabel('Email Address').fill('demo.student@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const taken = 'An account with this email address already exists. Please sign in instead.';
    await expect.poll(() => summary.getByRole('heading').textContent()).toBe('Registration Failed');
    expect(await summary.locator('p').textContent()).toBe(taken);
    expect(await assertive(page).textContent()).toBe(`Registration failed: ${taken}`);
    await context.close();
  });

  test('the password checklist and strength meter update as you type', async () => {
    const { context, page } = await newPage();
    await page.goto(`${app.url}/register`);
    const password = page.getByLabel('Password', { exact: true });
    const meter = page.getByTestId('password-strength');
    await password.fill('abc');
    expect(await meter.textContent()).toContain('Weak');
    await password.fill('abcdefgh');
    expect(await meter.textContent()).toContain('Fair');
    await password.fill('Abcdefgh');
    expect(await meter.textContent()).toContain('Good');
    await password.fill('Abcdefg1');
    expect(await meter.textContent()).toContain('Strong');
    expect(await meter.locator('.strength-bars .on').count()).toBe(4);
    const met = await page.locator('.password-checklist li.met').allTextContents();
    expect(met.map((text) => text.replace(/[✓○]|\(met\)/g, '').trim())).toEqual(['At least 8 characters', 'One lowercase letter', 'One uppercase letter', 'One number']);

    const toggle = page.getByRole('button', { name: 'Show password' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });
});

describe('signing in', () => {
  test('a wrong password shows the Login Failed box, announces it, and editing clears it', async () => {
    const { context, page } = await newPage();
    // The page's clock, to move past the announcement's 5 seconds without waiting them out.
    await page.clock.install();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill('demo.student@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const box = page.getByTestId('form-errors');
    await expect.poll(() => box.getByRole('heading').textContent()).toBe('Login Failed');
    expect(await box.locator('p').textContent()).toBe('Invalid email or password');
    expect(await assertive(page).textContent()).toBe('Login failed: Invalid email or password');
    const firstAnnouncement = await assertive(page).locator('span').elementHandle();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('form-errors');
    expect(page.url()).toBe(`${app.url}/login`);

    await page.getByLabel('Password', { exact: true }).fill('Wrong-Pass-2');
    expect(await box.count()).toBe(0);

    // The same failure again is announced again (new words in the live region, not the old ones),
    // and announcements are cleared after 5 seconds (SPEC §9).
    expect(await firstAnnouncement!.evaluate((node) => node.isConnected)).toBe(true);
    await pauseClock(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => box.count()).toBe(1);
    expect(await assertive(page).textContent()).toBe('Login failed: Invalid email or password');
    expect(await firstAnnouncement!.evaluate((node) => node.isConnected)).toBe(false);
    await page.clock.runFor(4000);
    expect(await assertive(page).textContent()).toBe('Login failed: Invalid email or password');
    await page.clock.runFor(1500);
    await expect.poll(() => assertive(page).textContent()).toBe('');
    // Last (axe takes seconds on a loaded machine, longer than an announcement lives), on a running
    // clock: axe waits on timers of its own.
    await page.clock.resume();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  test('Tab goes from Email to Password (the Forgot link comes after), and Enter there signs in', async () => {
    const { context, page } = await newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill('demo.student@example.com');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}/dashboard`);
    await context.close();
  });

  test('a session that cannot be refreshed says so on /login, and signing in returns to the page', async () => {
    const { context, page } = await signedInPage('demo.student@example.com', DEMO_PASSWORD);
    await page.goto(`${app.url}/progress`);
    await page.getByTestId('success-rate').or(page.getByRole('heading', { name: 'No Progress Data' })).first().waitFor({ timeout: 10_000 });
    // The session ends elsewhere (both tokens no longer valid); the next request finds out.
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expired.access.token');
      localStorage.setItem('refreshToken', 'revoked-refresh-token');
    });
    await page.goto(`${app.url}/progress?from=bookmark`);
    await page.waitForURL(`${app.url}/login`);
    await expect.poll(() => page.getByTestId('session-expired-banner').textContent()).toBe('Your session has expired. Please sign in again.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill('demo.student@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${app.url}/progress?from=bookmark`);
    await context.close();
  });

  test('field errors are listed under "Please fix the following errors:"', async () => {
    const { context, page } = await newPage();
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const box = page.getByTestId('form-errors');
    await expect.poll(() => box.getByRole('heading').textContent()).toBe('Please fix the following errors:');
    expect(await box.getByRole('listitem').allTextContents()).toEqual(['Email address is required', 'Password is required']);
    expect(await assertive(page).textContent()).toBe('Form has 2 errors: Email address is required; Password is required');
    await context.close();
  });

  test('quick login from /test-credentials shows Success! and lands on the dashboard', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const page = await context.newPage();
    await page.goto(`${app.url}/test-credentials`);
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect.poll(() => cards.count()).toBe(4);
    const text = await page.getByRole('list', { name: 'Test accounts' }).textContent();
    for (const label of ['Demo Student', 'Test Student', 'Tutor', 'Admin']) expect(text).toContain(label);
    expect(text).toContain('Grade 7');
    expect(text).toContain('Grade 8');
    expect(await page.getByText('For development and testing only.').count()).toBe(1);
    for (const name of ['Sign in page', 'Create an account', 'Diagnostic']) expect(await page.getByRole('link', { name }).count()).toBe(1);

    const demo = cards.filter({ hasText: 'Demo Student' });
    await demo.getByRole('button', { name: 'Copy email' }).click();
    const copied = demo.getByRole('button', { name: /email/ });
    await expect.poll(() => copied.textContent()).toBe('Copied! email');
    expect(await copied.locator('.visually-hidden').textContent()).toBe(' email');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('demo.student@example.com');

    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'accounts-desktop-test-credentials');

    // Hold the sign-in answer a moment so the loading state can be seen.
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const quick = demo.getByRole('button', { name: /Quick Login|Logging in|Success/ });
    await quick.click();
    await expect.poll(() => quick.textContent()).toContain('Logging in...');
    expect(await quick.isDisabled()).toBe(true);
    await expect.poll(() => quick.textContent()).toContain('Success!');
    const succeededAt = Date.now();
    expect(await polite(page).textContent()).toBe('Welcome back, Demo! Redirecting to dashboard.');
    expect(page.url()).toBe(`${app.url}/test-credentials`);
    await page.waitForURL(`${app.url}/dashboard`, { timeout: 5_000 });
    // SPEC §2: to /dashboard after 1 second.
    expect(Date.now() - succeededAt).toBeGreaterThan(700);
    await context.close();
  });

  test('a failed quick login reads Failed, then Quick Login again after 3 seconds', async () => {
    const { context, page } = await newPage(PHONE);
    await page.clock.install();
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }) }));
    await page.goto(`${app.url}/test-credentials`);
    const tutor = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Tutor' }) });
    const quick = tutor.getByRole('button', { name: /Quick Login|Logging in|Failed/ });
    await expect.poll(() => quick.count()).toBe(1);
    await pauseClock(page);
    await quick.click();
    await expect.poll(() => quick.textContent()).toContain('Failed');
    await page.clock.runFor(2_900);
    expect(await quick.textContent()).toContain('Failed');
    await page.clock.runFor(200);
    await expect.poll(() => quick.textContent()).toContain('Quick Login');
    await screenshot(page, 'accounts-phone-test-credentials');
    await context.close();
  });
});

describe('a forgotten password', () => {
  test('the neutral confirmation, the reset link from the mailbox, and signing in with the new password', async () => {
    const email = await registerByApi('Morgan');
    const { context, page } = await newPage();
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${app.url}/forgot-password`);
    // The address changes before the page's lazy chunk renders; until then the login form (with its
    // own Email field) is still on screen and would take the text.
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const confirmation = await page.getByTestId('forgot-confirmation').textContent();
    expect(confirmation).toContain('If an account exists');

    // An unknown address reads exactly the same.
    await page.getByRole('button', { name: 'Try another email' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    expect(await page.getByTestId('forgot-confirmation').textContent()).toBe(confirmation);

    await followMailLink(page, email, /Reset your MathDaily password/);
    await page.waitForURL(/\/reset-password\?token=/);
    const resetLink = page.url();
    // "Pick something you haven't used here before": the current password is refused.
    await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByTestId('form-errors').textContent()).toContain('New password must be different from your current password');
    const newPassword = 'Rainy-Night-77';
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Rainy-Night-78');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByTestId('form-errors').textContent()).toContain('Passwords do not match');
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Password changed' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The used link says so as soon as it is opened again, with no form to fill in first.
    await page.goto(resetLink);
    await expect
      .poll(() => page.getByTestId('reset-link-error').textContent())
      .toBe('This password reset link has already been used. Please request a new one.');
    expect(await page.getByLabel('New Password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Get a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    await screenshot(page, 'accounts-desktop-reset-link-used');
    await page.goto(`${app.url}/login`);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await context.close();
  });
});

describe('e-mail verification', () => {
  test('a bad link explains itself; signed in, the profile and the failure page offer a new link', async () => {
    const { context, page } = await newPage(PHONE);
    await page.goto(`${app.url}/verify-email?token=not-a-real-token`);
    await expect.poll(() => page.getByRole('heading', { name: "We couldn't verify your email" }).count()).toBe(1);
    expect(await page.getByTestId('verify-error').textContent()).not.toBe('');
    expect(await page.getByRole('link', { name: 'Sign in to get a new link' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'accounts-phone-verify-failed');
    await context.close();

    const email = await registerByApi('Jordan');
    const signedIn = await signedInPage(email, PASSWORD);
    // Not verified yet: the dashboard reminds, with a way to get a new link.
    await signedIn.page.goto(`${app.url}/dashboard`);
    const reminder = signedIn.page.getByTestId('verify-reminder');
    await expect.poll(() => reminder.textContent()).toContain(email);
    await reminder.getByRole('button', { name: 'Resend verification email' }).click();
    await expect.poll(() => reminder.textContent()).toContain('A new verification email is on its way.');
    await signedIn.page.goto(`${app.url}/profile`);
    const resend = signedIn.page.getByRole('button', { name: 'Resend verification email' });
    await expect.poll(() => resend.count()).toBe(1);
    await resend.click();
    await expect.poll(() => signedIn.page.getByTestId('profile-success').textContent()).toBe('Verification email sent. Please check your inbox.');
    await signedIn.page.goto(`${app.url}/verify-email?token=not-a-real-token`);
    await expect.poll(() => signedIn.page.getByRole('button', { name: 'Resend verification email' }).count()).toBe(1);
    await signedIn.context.close();
  });
});

describe('profile settings', () => {
  test("load failures show the SPEC texts with Try Again; the completion card names what is missing", async () => {
    const email = await registerByApi('Drew');
    const { context, page } = await signedInPage(email, PASSWORD);
    let failProfile = true;
    await page.route('**/api/auth/profile', (route) =>
      failProfile && route.request().method() === 'GET' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    await page.route('**/api/auth/profile/status', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto(`${app.url}/profile`);
    const loadError = page.getByTestId('profile-load-error');
    await expect.poll(() => loadError.getByRole('heading').textContent()).toBe('Failed to load profile');
    failProfile = false;
    await loadError.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => page.getByTestId('personal-details').count()).toBe(1);
    const card = page.getByRole('region', { name: 'Profile Completion' });
    expect(await card.textContent()).toContain('Failed to fetch profile status');

    await page.unroute('**/api/auth/profile/status');
    await page.reload();
    const missing = card.getByRole('list', { name: 'Still missing' });
    await expect.poll(() => missing.getByRole('listitem').allTextContents()).toEqual([
      'Verified email address required',
      'Grade level required',
      'Time zone optional',
      'Profile picture optional',
    ]);
    // The default π is shown as selected; picking it makes it the student's own choice.
    const pi = page.getByRole('list', { name: 'Avatars' }).getByRole('button', { name: 'Pi', exact: true });
    expect(await pi.getAttribute('aria-pressed')).toBe('true');
    await pi.click();
    await expect.poll(() => page.getByTestId('profile-success').textContent()).toBe('Profile picture updated');
    await expect.poll(() => missing.getByRole('listitem').allTextContents()).toEqual(['Verified email address required', 'Grade level required', 'Time zone optional']);
    await context.close();
  });

  test('on a phone the success banner shows below the two-row menu bar, not under it', async () => {
    const email = await registerByApi('Quinn');
    const { context, page } = await signedInPage(email, PASSWORD, PHONE);
    await page.goto(`${app.url}/profile`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First Name').fill('Quincy');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const banner = page.getByTestId('profile-success');
    await expect.poll(() => banner.textContent()).toBe('Profile updated successfully');
    const nav = (await page.locator('.top-nav').boundingBox())!;
    const box = (await banner.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(nav.y + nav.height - 1);
    // What is drawn at the banner's middle is the banner (nothing covers it).
    const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="profile-success"]') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(onTop).toBe(true);
    await screenshot(page, 'accounts-phone-profile-banner');
    await context.close();
  });

  test('change password: client checks, then the new password works and the form is cleared', async () => {
    const email = await registerByApi('Casey');
    const { context, page } = await signedInPage(email, PASSWORD);
    await page.goto(`${app.url}/profile`);
    const toggle = page.getByRole('button', { name: 'Change Password' }).first();
    await expect.poll(() => toggle.count()).toBe(1);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const form = page.getByRole('form', { name: 'Change Password' });
    await form.getByLabel('Current Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('New Password', { exact: true }).fill('short');
    await form.getByLabel('Confirm New Password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByTestId('profile-error').textContent()).toContain('New password must be at least 8 characters long');
    await form.getByLabel('New Password', { exact: true }).fill('Bright-Moon-55');
    await form.getByLabel('Confirm New Password', { exact: true }).fill('Bright-Moon-56');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByTestId('profile-error').textContent()).toContain('New passwords do not match');
    await form.getByLabel('Confirm New Password', { exact: true }).fill('Bright-Moon-55');
    const tokensBefore = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByTestId('profile-success').count()).toBe(1);
    expect(await page.getByTestId('profile-success').textContent()).toBe('Password changed successfully');
    // The old access token stopped working; the page keeps the new one the answer carried (no refresh needed).
    const tokensAfter = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
    expect(tokensAfter[0]).not.toBe(tokensBefore[0]);
    expect(tokensAfter[1]).toBe(tokensBefore[1]);
    const meAfter = await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${tokensAfter[0]}` } });
    expect(meAfter.status).toBe(200);
    // Collapsed and cleared.
    expect(await page.getByRole('button', { name: 'Change Password' }).getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('button', { name: 'Change Password' }).click();
    expect(await page.getByRole('form', { name: 'Change Password' }).getByLabel('Current Password', { exact: true }).inputValue()).toBe('');

    const login = await signInThroughApi(app.url, email, 'Bright-Moon-55');
    expect(login.status).toBe(200);
    await context.close();
  });

  test('a student picks a predefined avatar from a filtered gallery; no upload offered', async () => {
    const { context, page } = await signedInPage('test.student@example.com', DEMO_PASSWORD, PHONE);
    await page.goto(`${app.url}/profile`);
    const gallery = page.getByRole('list', { name: 'Avatars' });
    await expect.poll(() => gallery.getByRole('button').count()).toBe(24);
    expect(await page.getByLabel('Upload your own picture').count()).toBe(0);
    await page.getByRole('button', { name: 'Characters' }).click();
    expect(await page.getByRole('button', { name: 'Characters' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => gallery.getByRole('button').count()).toBe(6);
    const choice = gallery.getByRole('button').nth(2);
    await choice.click();
    await expect.poll(() => page.getByTestId('profile-success').textContent()).toBe('Profile picture updated');
    expect(await choice.getAttribute('aria-pressed')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'accounts-phone-profile');
    await context.close();
  });

  test('a tutor uploads a picture after a preview, sees size/type refusals, and removes it', async () => {
    const { context, page } = await signedInPage('tutor@example.com', DEMO_PASSWORD);
    await page.clock.install();
    await page.goto(`${app.url}/profile`);
    const input = page.getByLabel('Upload your own picture');
    await expect.poll(() => input.count()).toBe(1);
    await pauseClock(page);

    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2_097_153, 1) });
    await expect.poll(() => page.getByTestId('profile-error').textContent()).toContain('File size exceeds maximum limit of 2MB');
    await input.setInputFiles({ name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect.poll(() => page.getByTestId('profile-error').textContent()).toContain('File type not supported. Please use JPEG, PNG, or GIF images.');
    // SPEC §2: error banners persist (success banners go after 3 s).
    await page.clock.runFor(3500);
    expect(await page.getByTestId('profile-error').textContent()).toContain('File type not supported. Please use JPEG, PNG, or GIF images.');

    // A 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByTestId('avatar-preview').count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await page.getByTestId('avatar-preview').count()).toBe(0);
    await page.getByLabel('Upload your own picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => page.getByTestId('profile-success').textContent()).toBe('Profile picture uploaded');
    await screenshot(page, 'accounts-desktop-profile-tutor');

    const remove = page.getByRole('button', { name: 'Remove picture' });
    await expect.poll(() => remove.count()).toBe(1);
    await remove.click();
    await expect.poll(() => page.getByTestId('profile-success').textContent()).toBe('Profile picture removed');
    await expect.poll(() => remove.count()).toBe(0);
    await context.close();
  });
});

describe('the user menu', () => {
  test('closes on Escape (focus back on its button) and on an outside click', async () => {
    const { context, page } = await signedInPage('demo.student@example.com', DEMO_PASSWORD);
    await page.goto(`${app.url}/profile`);
    const button = page.getByTestId('user-menu-button');
    const menu = page.getByTestId('user-menu');
    await expect.poll(() => button.count()).toBe(1);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Profile & Settings', 'Achievements', 'Help & Support']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-menu-button');

    await button.click();
    expect(await menu.isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Profile & Settings', level: 1 }).click();
    expect(await menu.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  const byRole = [
    { email: 'demo.student@example.com', links: ['Dashboard', 'Learn', 'Progress'], menu: ['Profile & Settings', 'Achievements', 'Help & Support'] },
    { email: 'tutor@example.com', links: ['Dashboard', 'Tutor Dashboard', 'Classes', 'Students', 'Referrals', 'Question Sets'], menu: ['Profile & Settings', 'Help & Support'] },
    { email: 'admin@example.com', links: ['Dashboard', 'Admin', 'Tutors'], menu: ['Profile & Settings', 'Help & Support'] },
  ];
  for (const entry of byRole) {
    test(`${entry.email}: navigation ${entry.links.join(', ')}; menu ${entry.menu.join(', ')}, Logout`, async () => {
      const { context, page } = await signedInPage(entry.email, DEMO_PASSWORD, PHONE);
      await page.goto(`${app.url}/profile`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(entry.links);
      await page.getByTestId('user-menu-button').click();
      const menu = page.getByTestId('user-menu');
      expect(await menu.getByRole('link').allTextContents()).toEqual(entry.menu);
      expect(await menu.getByRole('button').allTextContents()).toEqual(['Logout']);
      await context.close();
    });
  }
});

describe('diagnostic', () => {
  test('shows the auth state, the stored tokens (shortened) and the URL; clearing storage signs out', async () => {
    // Tokens put in storage by hand (not by an init script, which would put them back on reload).
    const signIn = await signInThroughApi(app.url, 'demo.student@example.com', DEMO_PASSWORD);
    const { accessToken, refreshToken } = signIn.body as { accessToken: string; refreshToken: string };
    const { context, page } = await newPage();
    await page.goto(`${app.url}/diagnostic`);
    await page.evaluate(([access, refresh]) => {
      localStorage.setItem('accessToken', access!);
      localStorage.setItem('refreshToken', refresh!);
    }, [accessToken, refreshToken]);
    await page.goto(`${app.url}/diagnostic?from=test`);
    await expect.poll(() => page.getByTestId('diag-status').textContent()).toBe('authenticated');
    const text = (await page.locator('main').textContent())!;
    expect(text).toContain('Demo Student <demo.student@example.com> (student)');
    expect(text).toContain(`${app.url}/diagnostic?from=test`);
    const stored = await page.evaluate(() => [localStorage.getItem('accessToken')!, localStorage.getItem('refreshToken')!]);
    for (const token of stored) {
      expect(text).toContain(`${token.slice(0, 12)}…`);
      expect(text).not.toContain(token);
    }
    await page.getByRole('button', { name: 'Clear storage and reload' }).click();
    await expect.poll(() => page.getByTestId('diag-status').textContent()).toBe('logged_out');
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    await context.close();
  });
});

describe('accessibility and layout', () => {
  const pages: { name: string; path: string; signedIn?: boolean; ready: string }[] = [
    { name: 'login', path: '/login', ready: 'Welcome back' },
    { name: 'register', path: '/register', ready: 'Create your account' },
    { name: 'forgot-password', path: '/forgot-password', ready: 'Forgot your password?' },
    { name: 'test-credentials', path: '/test-credentials', ready: 'Test credentials' },
    { name: 'diagnostic', path: '/diagnostic', ready: 'Diagnostic' },
    { name: 'dev-mailbox', path: '/dev/mailbox', ready: 'Development mailbox' },
    { name: 'profile', path: '/profile', signedIn: true, ready: 'Profile & Settings' },
  ];
  // One page per entry, checked at desktop size and then resized to a phone: the same checks
  // without loading and signing in twice.
  for (const entry of pages) {
    test(`${entry.name} at desktop and phone sizes: axe-clean, nothing wider than the screen`, async () => {
      const { context, page } = entry.signedIn ? await signedInPage('demo.student@example.com', DEMO_PASSWORD, DESKTOP) : await newPage(DESKTOP);
      await page.goto(`${app.url}${entry.path}`);
      await expect.poll(() => page.getByRole('heading', { name: entry.ready, level: 1 }).count()).toBe(1);
      await page.waitForLoadState('networkidle');
      for (const [label, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        await page.setViewportSize(size);
        expect({ label, violations: await seriousA11yViolations(page) }).toEqual({ label, violations: [] });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ label, overflow }).toEqual({ label, overflow: 0 });
        await screenshot(page, `accounts-${label}-${entry.name}`);
      }
      await context.close();
    });
  }
});
