import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AccountsTestApp, json, tokenInLink } from '../auth/testing/accounts-app.ts';

/**
 * With SMTP_URL set, the projector's mail reactor sends through that server instead of the development
 * mailbox. The server here is a minimal SMTP receiver (enough of RFC 5321 for nodemailer:
 * greeting, EHLO, MAIL, RCPT, DATA, QUIT) that keeps what it is given.
 */

interface Received {
  from: string;
  to: string[];
  data: string;
}

function smtpReceiver() {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 test-receiver ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push({ ...current, data: buffer.slice(0, end).replace(/^\.\./gm, '.') });
          buffer = buffer.slice(end + 5);
          inData = false;
          current = { from: '', to: [], data: '' };
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        switch (line.split(' ')[0]!.toUpperCase()) {
          case 'EHLO':
          case 'HELO':
            socket.write('250 test-receiver\r\n');
            break;
          case 'MAIL':
            current.from = line;
            socket.write('250 2.1.0 ok\r\n');
            break;
          case 'RCPT':
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            socket.write('250 2.1.5 ok\r\n');
            break;
          case 'DATA':
            inData = true;
            socket.write('354 go ahead\r\n');
            break;
          case 'QUIT':
            socket.end('221 2.0.0 bye\r\n');
            break;
          default:
            socket.write('250 ok\r\n');
        }
      }
    });
    socket.on('error', () => {});
  });
  return { server, received };
}

/** Undoes quoted-printable soft line breaks and escapes, so a long link reads whole again. */
const unquote = (text: string) => text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const receiver = smtpReceiver();
let t: AccountsTestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.server.address() as net.AddressInfo;
  t = await AccountsTestApp.start({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.stop();
  await new Promise((resolve) => receiver.server.close(resolve));
});

test('registration mail goes out through SMTP_URL, and its link verifies the address', async () => {
  const account = await t.register();
  await expect.poll(() => receiver.received.filter((mail) => mail.to.includes(account.user.email)).length, { timeout: 10_000 }).toBe(1);
  const mail = receiver.received.find((entry) => entry.to.includes(account.user.email))!;
  const data = unquote(mail.data);
  expect(data).toMatch(/^Subject: Verify your email address for MathDaily$/m);
  expect(data).toMatch(/^From: MathDaily <no-reply@example\.com>$/m);
  const token = tokenInLink(data, 'verify-email');
  const verified = await t.request('POST', '/api/auth/verify-email', { body: { token } });
  expect(verified.statusCode, verified.body).toBe(200);
  expect(json(verified).message).toBe('Your email address has been verified. Thank you!');
  // Nothing went to the development mailbox instead.
  expect(await t.mailbox(account.user.email, 0)).toEqual([]);
});
