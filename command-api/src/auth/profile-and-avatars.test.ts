import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { AccountsTestApp, json, type AuthBody } from './testing/accounts-app.ts';

/** Profile, password change and avatars through the whole app on a real database. */

let t: AccountsTestApp;
beforeAll(async () => {
  t = await AccountsTestApp.start();
});
afterAll(async () => {
  await t?.stop();
});

type User = AuthBody['user'];
const demo = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!;
const webPublic = path.resolve(import.meta.dirname, '../../../web/public');

async function profile(token: string, position?: string | null): Promise<User> {
  const response = await t.request('GET', '/api/auth/profile', { token, minPosition: position ?? null });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ user: User }>(response).user;
}

async function status(token: string, position?: string | null) {
  const response = await t.request('GET', '/api/auth/profile/status', { token, minPosition: position ?? null });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ profileCompletion: { overall: number; required: number; optional: number } }>(response).profileCompletion;
}

describe('profile', () => {
  test('GET /profile answers the user with timezone and picture; PUT changes what is sent', async () => {
    const account = await t.register();
    expect(await profile(account.accessToken, account.position)).toEqual(account.user);
    const response = await t.request('PUT', '/api/auth/profile', {
      token: account.accessToken,
      body: { firstName: '  Zoë ', lastName: "O'Brien-Smith", gradeLevel: 9, timezone: 'Asia/Kolkata' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = json<{ user: User; position: string }>(response);
    expect(body.user).toMatchObject({ firstName: 'Zoë', lastName: "O'Brien-Smith", gradeLevel: 9, timezone: 'Asia/Kolkata', email: account.user.email });
    expect(body.position).toMatch(/^\d+$/);
    expect(await profile(account.accessToken, body.position)).toEqual(body.user);
    const cleared = await t.request('PUT', '/api/auth/profile', { token: account.accessToken, body: { gradeLevel: null } });
    expect(json<{ user: User }>(cleared).user.gradeLevel).toBeNull();
  });

  test('the e-mail address is read-only, and the SPEC rules apply', async () => {
    const account = await t.register();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'new@example.com' }, 'Email address cannot be changed'],
      [{ firstName: '' }, 'First name is required'],
      [{ firstName: 'X' }, 'First name must be at least 2 characters long'],
      [{ lastName: 'L33t' }, 'Last name can only contain letters, spaces, hyphens, and apostrophes'],
      [{ gradeLevel: 0 }, 'Please select a valid grade level (1-12)'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'Please choose one of the listed time zones'],
    ];
    const before = (await t.app.store.readStream(`user-${account.user.id}`)).version;
    for (const [body, message] of cases) {
      const response = await t.request('PUT', '/api/auth/profile', { token: account.accessToken, body });
      expect(response.statusCode, message).toBe(400);
      expect(json(response).message).toBe(message);
    }
    expect((await t.app.store.readStream(`user-${account.user.id}`)).version).toBe(before);
  });

  test('profile completion: required = names, verified e-mail, grade (students); optional = time zone, own avatar', async () => {
    const account = await t.register({ gradeLevel: undefined });
    expect(await status(account.accessToken, account.position)).toMatchObject({ required: 50, optional: 0, overall: 33 });
    const tz = await t.request('PUT', '/api/auth/profile', { token: account.accessToken, body: { timezone: 'UTC', gradeLevel: 4 } });
    expect(await status(account.accessToken, json(tz).position as string)).toMatchObject({ required: 75, optional: 50, overall: 67 });
    const avatar = await t.request('PUT', '/api/auth/profile/avatar', { token: account.accessToken, body: { avatarUrl: '/avatars/owl.svg' } });
    expect(await status(account.accessToken, json(avatar).position as string)).toMatchObject({ required: 75, optional: 100, overall: 83 });
  });
});

describe('POST /api/auth/change-password', () => {
  test('SPEC messages and a wrong current password: 400, nothing appended', async () => {
    const account = await t.register();
    const before = (await t.app.store.readStream(`user-${account.user.id}`)).version;
    const cases: [Record<string, unknown>, string][] = [
      [{ currentPassword: account.password, newPassword: 'Ab1!' }, 'New password must be at least 8 characters long'],
      [{ currentPassword: account.password, newPassword: 'Newpass123!', confirmPassword: 'Newpass124!' }, 'New passwords do not match'],
      [{ currentPassword: account.password, newPassword: 'newpassword' }, 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character'],
      [{ currentPassword: 'Wrong123!', newPassword: 'Newpass123!' }, 'Current password is incorrect'],
      [{ currentPassword: account.password, newPassword: account.password }, 'New password must be different from your current password'],
      [{ newPassword: 'Newpass123!' }, 'Current password is required'],
    ];
    for (const [body, message] of cases) {
      const response = await t.request('POST', '/api/auth/change-password', { token: account.accessToken, body });
      expect(response.statusCode, message).toBe(400);
      expect(json(response).message).toBe(message);
    }
    expect((await t.app.store.readStream(`user-${account.user.id}`)).version).toBe(before);
  });

  test('ends the other sessions and every older access token; this session carries on', async () => {
    const account = await t.register();
    const other = await t.login(account.user.email, account.password);
    const response = await t.request('POST', '/api/auth/change-password', {
      token: account.accessToken,
      body: { currentPassword: account.password, newPassword: 'Changed789#', confirmPassword: 'Changed789#' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = json<{ message: string; position: string; accessToken: string }>(response);
    expect(body.message).toBe('Password changed successfully');

    // The other device: its access token and refresh token are dead.
    expect((await t.request('GET', '/api/auth/me', { token: other.accessToken })).statusCode).toBe(401);
    expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: other.refreshToken } })).statusCode).toBe(401);
    // This device: the old access token is stale (401 → the client refreshes), the refresh token still works.
    expect((await t.request('GET', '/api/auth/me', { token: account.accessToken })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token: body.accessToken })).statusCode).toBe(200);
    const refreshed = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: account.refreshToken } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: json<{ accessToken: string }>(refreshed).accessToken })).statusCode).toBe(200);

    expect((await t.request('POST', '/api/auth/login', { body: { email: account.user.email, password: account.password } })).statusCode).toBe(401);
    await t.login(account.user.email, 'Changed789#');
    const mails = await t.mailbox(account.user.email, 2);
    expect(mails[0]).toMatchObject({ kind: 'password-changed', subject: 'Your MathDaily password was changed' });
  });
});

// ---- avatars ----

const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2646/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3972/100' },
    })
    .toBuffer();
const png = () => sharp({ create: { width: 32, height: 32, channels: 4, background: '#ff000080' } }).png().toBuffer();
const gif = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#00ff00' } }).gif().toBuffer();
const hasGpsTag = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe('avatars', () => {
  test('GET /api/auth/avatars lists the 24 predefined avatars, each a real SVG the app serves', async () => {
    const account = await t.register();
    const response = await t.request('GET', '/api/auth/avatars', { token: account.accessToken });
    expect(response.statusCode).toBe(200);
    const { avatars } = json<{ avatars: { id: string; name: string; url: string; category: string }[] }>(response);
    expect(avatars).toHaveLength(24);
    expect(new Set(avatars.map((a) => a.category))).toEqual(new Set(['math', 'science', 'character', 'abstract', 'color']));
    for (const avatar of avatars) {
      expect(Object.keys(avatar).sort()).toEqual(['category', 'id', 'name', 'url']);
      const file = path.join(webPublic, avatar.url);
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain(`<title>${avatar.name}</title>`);
      expect(svg).not.toMatch(/<script|href="http/i);
      const raster = await sharp(Buffer.from(svg)).png().toBuffer();
      expect((await sharp(raster).metadata()).width).toBe(128);
    }
  });

  test('defaults: the first predefined avatar for students, an initials circle for tutors and admins', async () => {
    const student = await t.register();
    expect(student.user.profileImageUrl).toBe('/avatars/pi.svg');
    const tutor = await t.login(demo('tutor').email, demo('tutor').password);
    expect(tutor.user.profileImageUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(tutor.user.profileImageUrl)).toContain('>TT</text>');
  });

  test('PUT /profile/avatar takes one of the predefined avatars only', async () => {
    const account = await t.register();
    const chosen = await t.request('PUT', '/api/auth/profile/avatar', { token: account.accessToken, body: { avatarUrl: '/avatars/robot.svg' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(json(chosen)).toEqual({ profileImageUrl: '/avatars/robot.svg', position: expect.stringMatching(/^\d+$/) });
    expect((await profile(account.accessToken, json(chosen).position as string)).profileImageUrl).toBe('/avatars/robot.svg');
    for (const avatarUrl of ['https://evil.example/x.png', '/avatars/../secret.svg', '', 'data:image/svg+xml,<svg/>']) {
      const refused = await t.request('PUT', '/api/auth/profile/avatar', { token: account.accessToken, body: { avatarUrl } });
      expect(refused.statusCode, avatarUrl).toBe(400);
      expect(json(refused).message).toBe('Please choose one of the predefined avatars.');
    }
  });

  test('students may not upload or delete: 403 with the SPEC message', async () => {
    const account = await t.register();
    const upload = await t.request('POST', '/api/auth/profile/avatar', {
      token: account.accessToken,
      body: { file: (await png()).toString('base64'), originalName: 'me.png', mimeType: 'image/png' },
    });
    expect(upload.statusCode).toBe(403);
    expect(json(upload).message).toBe('Students can only use predefined avatars');
    const remove = await t.request('DELETE', '/api/auth/profile/avatar', { token: account.accessToken });
    expect(remove.statusCode).toBe(403);
    expect(json(remove).message).toBe('Students can only use predefined avatars');
  });

  describe('tutor uploads', () => {
    let tutor: AuthBody;
    beforeAll(async () => {
      tutor = await t.login(demo('tutor').email, demo('tutor').password);
    });
    const upload = (file: Buffer | string, mimeType = 'image/png', originalName = 'me.png') =>
      t.request('POST', '/api/auth/profile/avatar', {
        token: tutor.accessToken,
        body: { file: typeof file === 'string' ? file : file.toString('base64'), originalName, mimeType },
      });

    test('a JPEG with GPS EXIF is stored re-encoded, without any metadata', async () => {
      const original = await jpegWithGps();
      const meta = await sharp(original).metadata();
      expect(meta.exif && hasGpsTag(meta.exif)).toBe(true);
      const response = await upload(original, 'image/jpeg', 'holiday.jpg');
      expect(response.statusCode, response.body).toBe(200);
      const { profileImageUrl, position } = json<{ profileImageUrl: string; position: string }>(response);
      expect(profileImageUrl).toMatch(/^\/api\/avatars\/uploads\/[0-9a-f-]{36}-[0-9a-f-]{36}\.jpg$/);
      const served = await t.request('GET', profileImageUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      const stored = served.rawPayload;
      const storedMeta = await sharp(stored).metadata();
      expect(storedMeta.format).toBe('jpeg');
      expect(storedMeta.exif).toBeUndefined();
      expect(storedMeta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
      expect(storedMeta.width).toBe(512);
      expect((await profile(tutor.accessToken, position)).profileImageUrl).toBe(profileImageUrl);
    });

    test('the type comes from the bytes, not the declared MIME type', async () => {
      const asGif = await upload(await png(), 'image/gif', 'fake.gif');
      expect(asGif.statusCode, asGif.body).toBe(200);
      expect(json<{ profileImageUrl: string }>(asGif).profileImageUrl).toMatch(/\.png$/);
      const realGif = await upload(await gif(), 'application/octet-stream', 'x.bin');
      expect(realGif.statusCode, realGif.body).toBe(200);
      expect(json<{ profileImageUrl: string }>(realGif).profileImageUrl).toMatch(/\.gif$/);
      for (const [bytes, declared] of [
        [Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
        [Buffer.from('%PDF-1.7 ...'), 'image/jpeg'],
        [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(8), Buffer.from('WEBPVP8 ')]), 'image/webp'],
      ] as const) {
        const refused = await upload(bytes, declared);
        expect(refused.statusCode).toBe(415);
        expect(json(refused).message).toBe('File type not supported. Please use JPEG, PNG, or GIF images.');
      }
    });

    test('at most 2,097,152 bytes decoded', async () => {
      const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const tooBig = Buffer.concat([header, Buffer.alloc(2_097_152 - header.length + 1)]);
      const refused = await upload(tooBig);
      expect(refused.statusCode).toBe(413);
      expect(json(refused).message).toBe('File size exceeds maximum limit of 2MB');
      // Exactly 2 MB passes the size check (and then fails as an unreadable image, not for its size).
      const atLimit = await upload(Buffer.concat([header, Buffer.alloc(2_097_152 - header.length)]));
      expect(atLimit.statusCode).toBe(400);
      expect(json(atLimit).message).toBe('The image could not be read. Please choose another JPEG, PNG, or GIF file.');
    });

    test('bad input is a clear 4xx, and nothing is appended', async () => {
      const before = (await t.app.store.readStream(`user-${tutor.user.id}`)).version;
      for (const file of ['', 'not base64!!', '%%%']) {
        const response = await upload(file);
        expect(response.statusCode, file).toBe(400);
      }
      const missing = await t.request('POST', '/api/auth/profile/avatar', { token: tutor.accessToken, body: {} });
      expect(missing.statusCode).toBe(400);
      expect(json(missing).message).toBe('Please choose an image to upload.');
      expect((await t.app.store.readStream(`user-${tutor.user.id}`)).version).toBe(before);
    });

    test('DELETE goes back to the initials circle and removes the upload', async () => {
      const uploaded = json<{ profileImageUrl: string }>(await upload(await png()));
      expect((await t.request('GET', uploaded.profileImageUrl)).statusCode).toBe(200);
      const removed = await t.request('DELETE', '/api/auth/profile/avatar', { token: tutor.accessToken });
      expect(removed.statusCode, removed.body).toBe(200);
      const body = json<{ message: string; profileImageUrl: string; position: string }>(removed);
      expect(body.message).toBe('Avatar removed. Your default avatar is shown again.');
      expect(body.profileImageUrl).toMatch(/^data:image\/svg\+xml,/);
      expect((await t.request('GET', uploaded.profileImageUrl)).statusCode).toBe(404);
      expect((await profile(tutor.accessToken, body.position)).profileImageUrl).toBe(body.profileImageUrl);
    });

    test('choosing a predefined avatar replaces an upload and removes it', async () => {
      const uploaded = json<{ profileImageUrl: string }>(await upload(await png()));
      const chosen = await t.request('PUT', '/api/auth/profile/avatar', { token: tutor.accessToken, body: { avatarUrl: '/avatars/owl.svg' } });
      expect(json(chosen).profileImageUrl).toBe('/avatars/owl.svg');
      expect((await t.request('GET', uploaded.profileImageUrl)).statusCode).toBe(404);
    });

    test('uploads live in the database, not in DATA_DIR; one an earlier version left in DATA_DIR/avatars moves in at start', async () => {
      const uploaded = json<{ profileImageUrl: string }>(await upload(await png()));
      expect(existsSync(path.join(t.dataDir, 'avatars'))).toBe(false);
      const legacyName = `${tutor.user.id}-${randomUUID()}.png`;
      const legacyBytes = await png();
      mkdirSync(path.join(t.dataDir, 'avatars'));
      writeFileSync(path.join(t.dataDir, 'avatars', legacyName), legacyBytes);
      await t.restart();
      const served = await t.request('GET', `/api/avatars/uploads/${legacyName}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(legacyBytes)).toBe(true);
      expect(existsSync(path.join(t.dataDir, 'avatars', legacyName))).toBe(false);
      expect((await t.request('GET', uploaded.profileImageUrl)).statusCode).toBe(200);
    });

    test('uploaded files are served only by their exact names', async () => {
      for (const url of ['/api/avatars/uploads/..%2F..%2Fetc%2Fpasswd', '/api/avatars/uploads/x.png', '/api/avatars/uploads/mathdaily.json']) {
        expect((await t.request('GET', url)).statusCode, url).toBe(404);
      }
    });
  });
});
