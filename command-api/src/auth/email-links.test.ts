import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AccountsTestApp, json, tokenInLink, uniqueEmail, type AuthBody } from './testing/accounts-app.ts';

/**
 * E-mail verification and password reset: the outbox (EmailRequested) → mail reactor → dev
 * mailbox → link → single-use, expiring token. The app's clock can be moved forward.
 */

let offset = 0;
const clock = () => new Date(Date.now() + offset);
const HOUR = 3_600_000;

let t: AccountsTestApp;
beforeAll(async () => {
  t = await AccountsTestApp.start({ clock });
});
afterAll(async () => {
  await t?.stop();
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function userOf(body: { accessToken: string }, position?: string | null) {
  const me = await t.request('GET', '/api/auth/me', { token: body.accessToken, minPosition: position ?? null });
  expect(me.statusCode, me.body).toBe(200);
  return json<{ user: AuthBody['user'] }>(me).user;
}

describe('e-mail verification', () => {
  test('registration mails a link to PUBLIC_URL/verify-email; it verifies the address once', async () => {
    const account = await t.register();
    const [mail] = await t.mailbox(account.user.email);
    expect(mail).toMatchObject({ to: account.user.email, kind: 'email-verification', subject: 'Verify your email address for MathDaily' });
    expect(mail!.text).toContain(`${t.app.url}/verify-email?token=`);
    expect(mail!.html).toContain(`${t.app.url}/verify-email?token=`);
    const token = tokenInLink(mail!.text, 'verify-email');

    const verified = await t.request('POST', '/api/auth/verify-email', { body: { token } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(json(verified)).toMatchObject({ message: 'Your email address has been verified. Thank you!' });
    expect((await userOf(account, json(verified).position as string)).isEmailVerified).toBe(true);

    // Opened again: the address is verified, and the answer says so (nothing recorded).
    const again = await t.request('POST', '/api/auth/verify-email', { body: { token } });
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ message: 'Your email address is already verified.', position: null });
  });

  test('the token is never stored: events keep its id and SHA-256 only', async () => {
    const account = await t.register();
    const token = tokenInLink((await t.mailbox(account.user.email))[0]!.text, 'verify-email');
    const stream = await t.app.store.readStream(`user-${account.user.id}`);
    const data = JSON.stringify(stream.events.map((e) => e.data));
    expect(data).not.toContain(token.split('.')[1]);
    const requested = stream.events.find((e) => e.type === 'EmailVerificationRequested')!;
    expect((requested.data as { tokenHash: string }).tokenHash).toBe(sha256(token));
    const mail = stream.events.find((e) => e.type === 'EmailRequested')!;
    expect((mail.data as { text: string }).text).toContain('{{link}}');
  });

  test('malformed and unknown tokens → 400; expired (after 48 hours) → 410', async () => {
    for (const token of ['', 'nonsense', `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'A'.repeat(43)}`]) {
      const response = await t.request('POST', '/api/auth/verify-email', { body: { token } });
      expect(response.statusCode, token).toBe(400);
      expect(json(response).message).toBe('This verification link is invalid. Please request a new one from your profile.');
    }
    const account = await t.register();
    const token = tokenInLink((await t.mailbox(account.user.email))[0]!.text, 'verify-email');
    const forged = `${token.split('.')[0]}.${'C'.repeat(43)}`;
    expect((await t.request('POST', '/api/auth/verify-email', { body: { token: forged } })).statusCode).toBe(400);
    offset += 48 * HOUR + 1000;
    try {
      const expired = await t.request('POST', '/api/auth/verify-email', { body: { token } });
      expect(expired.statusCode).toBe(410);
      expect(json(expired).message).toBe('This verification link has expired. Please request a new one from your profile.');
    } finally {
      offset -= 48 * HOUR + 1000;
    }
  });

  test('resend (signed in) mails a new link; a verified address gets a clear 400', async () => {
    expect((await t.request('POST', '/api/auth/resend-verification')).statusCode).toBe(401);
    const account = await t.register();
    await t.mailbox(account.user.email, 1);
    const resent = await t.request('POST', '/api/auth/resend-verification', { token: account.accessToken });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(json(resent).message).toBe(`We have sent a new verification link to ${account.user.email}.`);
    const mails = await t.mailbox(account.user.email, 2);
    expect(mails).toHaveLength(2);
    const token = tokenInLink(mails[0]!.text, 'verify-email');
    expect((await t.request('POST', '/api/auth/verify-email', { body: { token } })).statusCode).toBe(200);
    const after = await t.request('POST', '/api/auth/resend-verification', { token: account.accessToken });
    expect(after.statusCode).toBe(400);
    expect(json(after).message).toBe('Your email address is already verified.');
  });
});

describe('password reset', () => {
  test('forgot-password answers the same for known and unknown addresses; only the known one gets mail', async () => {
    const account = await t.register();
    const unknownEmail = uniqueEmail('unknown');
    const known = await t.request('POST', '/api/auth/forgot-password', { body: { email: account.user.email.toUpperCase() } });
    const unknown = await t.request('POST', '/api/auth/forgot-password', { body: { email: unknownEmail } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(json(known)).toEqual({ message: 'If an account exists for that email address, we have sent a link to reset the password. Please check your inbox.' });
    const mails = await t.mailbox(account.user.email, 2);
    expect(mails[0]).toMatchObject({ kind: 'password-reset', subject: 'Reset your MathDaily password' });
    expect(mails[0]!.text).toContain(`${t.app.url}/reset-password?token=`);
    expect(await t.mailbox(unknownEmail, 0)).toEqual([]);
    const bad = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Please enter a valid email address');
  });

  test('the link sets a new password once, ends every session and verifies the address', async () => {
    const account = await t.register();
    const otherDevice = await t.login(account.user.email, account.password);
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.user.email } });
    const token = tokenInLink((await t.mailbox(account.user.email, 2))[0]!.text, 'reset-password');

    const weak = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(json(weak).message).toBe('Password must be at least 8 characters long');
    // The page checks the link when it opens; the current password is refused, as in the profile.
    const check = await t.request('POST', '/api/auth/reset-password/check', { body: { token } });
    expect(check.statusCode, check.body).toBe(200);
    expect(json(check)).toEqual({ valid: true });
    const same = await t.request('POST', '/api/auth/reset-password', { body: { token, password: account.password } });
    expect(same.statusCode).toBe(400);
    expect(json(same)).toMatchObject({ message: 'New password must be different from your current password', fields: { password: 'New password must be different from your current password' } });

    const reset = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'BrandNew456?' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(json(reset).message).toBe('Your password has been reset. Please sign in with your new password.');

    for (const session of [account, otherDevice]) {
      expect((await t.request('GET', '/api/auth/me', { token: session.accessToken })).statusCode).toBe(401);
      expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
    }
    expect((await t.request('POST', '/api/auth/login', { body: { email: account.user.email, password: account.password } })).statusCode).toBe(401);
    const fresh = await t.login(account.user.email, 'BrandNew456?');
    expect((await userOf(fresh, fresh.position)).isEmailVerified).toBe(true);

    const reused = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'Another789!' } });
    expect(reused.statusCode).toBe(410);
    expect(json(reused).message).toBe('This password reset link has already been used. Please request a new one.');
    const usedCheck = await t.request('POST', '/api/auth/reset-password/check', { body: { token } });
    expect(usedCheck.statusCode).toBe(410);
    expect(json(usedCheck).message).toBe('This password reset link has already been used. Please request a new one.');
  });

  test('a reset link expires after an hour, and only the latest link works', async () => {
    const account = await t.register();
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.user.email } });
    const first = tokenInLink((await t.mailbox(account.user.email, 2))[0]!.text, 'reset-password');
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.user.email } });
    const second = tokenInLink((await t.mailbox(account.user.email, 3))[0]!.text, 'reset-password');
    expect(second).not.toBe(first);

    const replacedCheck = await t.request('POST', '/api/auth/reset-password/check', { body: { token: first } });
    expect(replacedCheck.statusCode).toBe(410);
    expect(json(replacedCheck).message).toBe('This password reset link has been replaced by a newer one. Please use the link in the latest email.');
    // A dead link is refused before the password is compared (its holder learns nothing about it).
    const deadSame = await t.request('POST', '/api/auth/reset-password', { body: { token: first, password: account.password } });
    expect(deadSame.statusCode).toBe(410);
    const replaced = await t.request('POST', '/api/auth/reset-password', { body: { token: first, password: 'BrandNew456?' } });
    expect(replaced.statusCode).toBe(410);
    expect(json(replaced).message).toBe('This password reset link has been replaced by a newer one. Please use the link in the latest email.');

    offset += HOUR + 1000;
    try {
      const expired = await t.request('POST', '/api/auth/reset-password', { body: { token: second, password: 'BrandNew456?' } });
      expect(expired.statusCode).toBe(410);
      expect(json(expired).message).toBe('This password reset link has expired. Please request a new one.');
    } finally {
      offset -= HOUR + 1000;
    }
    expect((await t.request('POST', '/api/auth/reset-password/check', { body: { token: 'garbage' } })).statusCode).toBe(400);
    const invalid = await t.request('POST', '/api/auth/reset-password', { body: { token: 'garbage', password: 'BrandNew456?' } });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).message).toBe('This password reset link is invalid. Please request a new one.');
    // Refusals appended nothing: the old password still works.
    await t.login(account.user.email, account.password);
  });
});

describe('the mail reactor', () => {
  test('delivers each message once, also across a restart, and writes an .eml beside it', async () => {
    const account = await t.register();
    await t.mailbox(account.user.email, 1);
    await t.restart();
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.user.email } });
    const mails = await t.mailbox(account.user.email, 2);
    expect(mails.map((m) => m.kind)).toEqual(['password-reset', 'email-verification']);
    const { readdir } = await import('node:fs/promises');
    const files = await readdir(`${t.dataDir}/mailbox`);
    expect(files.filter((f) => f.endsWith('.eml')).length).toBe(files.filter((f) => f.endsWith('.json')).length);
  });
});
