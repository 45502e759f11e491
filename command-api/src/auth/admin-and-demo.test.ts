import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { AccountsTestApp, json, type AuthBody } from './testing/accounts-app.ts';

/** Demo accounts (seeding, listing, idempotence), the admin's role change, and the demo-off answers. */

let t: AccountsTestApp;
beforeAll(async () => {
  t = await AccountsTestApp.start({ demoAccounts: true });
});
afterAll(async () => {
  await t?.stop();
});

const demo = (label: string) => DEMO_ACCOUNTS.find((account) => account.label === label)!;

describe('demo accounts', () => {
  test('GET /api/auth/test-accounts lists the four SPEC accounts with one shared sample password', async () => {
    const response = await t.request('GET', '/api/auth/test-accounts');
    expect(response.statusCode).toBe(200);
    const { accounts } = json<{ accounts: { label: string; email: string; password: string; role: string; gradeLevel: number | null }[] }>(response);
    expect(accounts.map((a) => [a.label, a.role, a.gradeLevel])).toEqual([
      ['Demo Student', 'student', 7],
      ['Test Student', 'student', 8],
      ['Tutor', 'tutor', null],
      ['Admin', 'admin', null],
    ]);
    expect(new Set(accounts.map((a) => a.password))).toEqual(new Set(['Demo123!']));
    for (const account of accounts) {
      const body = await t.login(account.email, account.password);
      expect(body.user).toMatchObject({ email: account.email, role: account.role, gradeLevel: account.gradeLevel, isEmailVerified: true });
    }
  });

  test('the development mailbox (every reset link) is for admins only: guest 401, student and tutor 403, admin 200', async () => {
    expect((await t.request('GET', '/api/dev/mailbox')).statusCode).toBe(401);
    for (const label of ['Demo Student', 'Tutor']) {
      const { accessToken } = await t.login(demo(label).email, demo(label).password);
      const refused = await t.request('GET', '/api/dev/mailbox', { token: accessToken });
      expect(refused.statusCode).toBe(403);
      expect(json(refused).message).toBe('You do not have permission to do that.');
    }
    const { accessToken } = await t.login(demo('Admin').email, demo('Admin').password);
    expect((await t.request('GET', '/api/dev/mailbox', { token: accessToken })).statusCode).toBe(200);
  });

  test('seeding is idempotent: a restart appends no account event', async () => {
    const accountEvents = async () => (await t.events()).filter((e) => /^(email|user)-/.test(e.streamId) && e.type !== 'UserSignedIn' && e.type !== 'SignInFailed').length;
    const registered = async () => (await t.events()).filter((e) => e.type === 'UserRegistered' && (e.data as { source: string }).source === 'demo-seed').length;
    const before = await accountEvents();
    expect(await registered()).toBe(4);
    await t.restart();
    expect(await accountEvents()).toBe(before);
    expect(await registered()).toBe(4);
  });
});

describe('PUT /api/admin/users/role', () => {
  let admin: AuthBody;
  beforeAll(async () => {
    admin = await t.login(demo('Admin').email, demo('Admin').password);
  });

  test('an admin changes a role; it counts on the user’s very next request, with the same token', async () => {
    const student = await t.register();
    const asStudent = await t.request('PUT', '/api/admin/users/role', { token: student.accessToken, body: { userId: student.user.id, role: 'admin' } });
    expect(asStudent.statusCode).toBe(403);
    expect(json(asStudent).message).toBe('You do not have permission to do that.');

    const promoted = await t.request('PUT', '/api/admin/users/role', { token: admin.accessToken, body: { userId: student.user.id, role: 'tutor' } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(json(promoted)).toEqual({ message: 'User role updated', userId: student.user.id, role: 'tutor', position: expect.stringMatching(/^\d+$/) });
    // The student's token (role claim still 'student') now acts as a tutor: tutors may upload avatars.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const upload = await t.request('POST', '/api/auth/profile/avatar', { token: student.accessToken, body: { file: png.toString('base64'), originalName: 'a.png', mimeType: 'image/png' } });
    expect(upload.statusCode, upload.body).toBe(200);
    const me = await t.request('GET', '/api/auth/me', { token: student.accessToken, minPosition: json(upload).position as string });
    expect(json<AuthBody>(me).user.role).toBe('tutor');

    const madeAdmin = await t.request('PUT', '/api/admin/users/role', { token: admin.accessToken, body: { userId: student.user.id, role: 'admin' } });
    expect(madeAdmin.statusCode).toBe(200);
    const nowAdmin = await t.request('PUT', '/api/admin/users/role', { token: student.accessToken, body: { userId: admin.user.id, role: 'admin' } });
    expect(nowAdmin.statusCode).toBe(200); // allowed (and a no-op: already admin)
    expect(json(nowAdmin).position).toBeNull();

    await t.request('PUT', '/api/admin/users/role', { token: admin.accessToken, body: { userId: student.user.id, role: 'student' } });
    const demoted = await t.request('PUT', '/api/admin/users/role', { token: student.accessToken, body: { userId: admin.user.id, role: 'student' } });
    expect(demoted.statusCode).toBe(403);
  });

  test('refusals: own role, unknown user, invalid role or id → clear 4xx', async () => {
    const own = await t.request('PUT', '/api/admin/users/role', { token: admin.accessToken, body: { userId: admin.user.id, role: 'student' } });
    expect(own.statusCode).toBe(400);
    expect(json(own).message).toBe('You cannot change your own role.');
    const unknown = await t.request('PUT', '/api/admin/users/role', { token: admin.accessToken, body: { userId: '00000000-0000-4000-8000-000000000000', role: 'tutor' } });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('User not found');
    const badRole = await t.request('PUT', '/api/admin/users/role', { token: admin.accessToken, body: { userId: admin.user.id, role: 'superuser' } });
    expect(badRole.statusCode).toBe(400);
    expect(json(badRole).message).toBe('Please choose a valid role (student, tutor, admin, or parent).');
    const badId = await t.request('PUT', '/api/admin/users/role', { token: admin.accessToken, body: { userId: 'x', role: 'tutor' } });
    expect(badId.statusCode).toBe(400);
  });

  test('the users read model follows role, names and pictures', async () => {
    const student = await t.register({ firstName: 'Rita', lastName: 'Reader' });
    const changed = await t.request('PUT', '/api/admin/users/role', { token: admin.accessToken, body: { userId: student.user.id, role: 'admin' } });
    const me = json<AuthBody>(await t.request('GET', '/api/auth/me', { token: student.accessToken, minPosition: json(changed).position as string })).user;
    expect(me.role).toBe('admin');
    // An admin without an own avatar gets the initials circle.
    expect(decodeURIComponent(me.profileImageUrl)).toContain('>RR</text>');
  });
});

describe('with demo accounts off', () => {
  let off: AccountsTestApp;
  beforeAll(async () => {
    off = await AccountsTestApp.start({ demoAccounts: false });
  });
  afterAll(async () => {
    await off?.stop();
  });

  test('no demo account is seeded, the list answers 404, the dev mailbox 401 (admins only, and there is none)', async () => {
    expect((await off.events()).filter((e) => e.type === 'UserRegistered')).toHaveLength(0);
    const list = await off.request('GET', '/api/auth/test-accounts');
    expect(list.statusCode).toBe(404);
    expect(json(list).message).toBe('Demo accounts are turned off on this server.');
    expect((await off.request('GET', '/api/dev/mailbox')).statusCode).toBe(401);
    const login = await off.request('POST', '/api/auth/login', { body: { email: DEMO_ACCOUNTS[0]!.email, password: DEMO_ACCOUNTS[0]!.password } });
    expect(login.statusCode).toBe(401);
  });
});
