import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import { LINK_PLACEHOLDER, type NewEvent } from '@mathdaily/domain';
import { Projector } from './projector.ts';
import { reactorCheckpoint } from './reactor.ts';
import { contactRequests } from './read-models/contact-requests.ts';
import { mailReactor } from './reactors/mail.ts';
import type { MailTransport, OutgoingMail } from './reactors/mail-transports.ts';
import { contactEvent, projectorFixtureForFile } from './testing/projector-fixture.ts';

/**
 * Reactors on the projector's subscription engine, against real PostgreSQL: the mail reactor's
 * own checkpoint, retries of a failing send, and neither side holding back the other.
 */

const fixture = projectorFixtureForFile();

const SECRET = 'reactor-test-secret-reactor-test-secret';

/** A transport that keeps what it sends, or refuses every send while `failing` is set. */
function testTransport() {
  const state = { sent: [] as OutgoingMail[], attempts: 0, failing: false };
  const transport: MailTransport = {
    name: 'test',
    async send(mail) {
      state.attempts += 1;
      if (state.failing) throw new Error('SMTP 451 try again later');
      state.sent.push(mail);
    },
  };
  return Object.assign(state, { transport });
}

function newProjector(transport: MailTransport, log: string[] = [], beforeEach?: (event: { type: string }) => void) {
  const projector = new Projector({
    pool: fixture.pool,
    databaseUrl: fixture.databaseUrl,
    store: fixture.store,
    models: [contactRequests],
    log: (line) => log.push(line),
    ...(beforeEach ? { beforeEach } : {}),
  });
  projector.addReactor(mailReactor({ publicUrl: 'http://mathdaily.test', secret: SECRET, dataDir: '/nonexistent', transport }));
  return projector;
}

function emailRequested(to: string): NewEvent {
  return {
    id: randomUUID(),
    type: 'EmailRequested',
    data: {
      messageId: randomUUID(),
      userId: randomUUID(),
      to,
      subject: 'Verify your email address for MathDaily',
      text: `Open ${LINK_PLACEHOLDER}`,
      html: `<a href="${LINK_PLACEHOLDER}">verify</a>`,
      kind: 'email-verification',
      link: { purpose: 'verify-email', tokenId: randomUUID() },
    },
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString(), schemaVersion: 1 },
  };
}

async function append(event: NewEvent): Promise<bigint> {
  return (await fixture.store.append(`reactor-test-${randomUUID()}`, [event], { expectedVersion: 'no_stream' })).position;
}

const mailCheckpoint = () => reactorCheckpoint(fixture.pool, 'mail');
const contactRows = () => fixture.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM read_models.contact_requests`);

let first: ReturnType<typeof testTransport>;
let projector: Projector;
const log: string[] = [];

test('an upgrade starts the mail reactor where the old engine in command-api stopped: nothing is sent twice', async () => {
  const before = await append(emailRequested('old@example.com'));
  await fixture.eventPool.query(`
    CREATE TABLE public.mail_reactor_checkpoint (id int PRIMARY KEY, position numeric(20, 0) NOT NULL);
    CREATE TABLE public.mail_deliveries (message_id uuid PRIMARY KEY);
    INSERT INTO public.mail_reactor_checkpoint VALUES (1, ${before});`);
  first = testTransport();
  projector = newProjector(first.transport, log);
  await projector.start();
  expect(await mailCheckpoint()).toBe(before);
  const { rows } = await fixture.eventPool.query(`SELECT to_regclass('public.mail_reactor_checkpoint') AS old, to_regclass('public.mail_deliveries') AS deliveries`);
  expect(rows[0]).toEqual({ old: null, deliveries: null });
  expect(first.attempts).toBe(0);
});

test('a failing send is retried after a backoff from the reactor\'s own checkpoint, while the read models go on', async () => {
  first.failing = true;
  const mail = await append(emailRequested('ann@example.com'));
  const contact = (await fixture.store.append(`contact-${randomUUID()}`, [contactEvent(1, new Date())], { expectedVersion: 'no_stream' })).position;
  // The read models pass both events while the e-mail cannot be sent.
  await expect.poll(() => projector.checkpoint, { timeout: 10_000 }).toBe(contact);
  expect(await contactRows()).toBe(1);
  await expect.poll(() => first.attempts, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await mailCheckpoint()).toBeLessThan(mail);
  // A retry (after 1 s, 2 s, …) sends it once the server takes it, and the checkpoint moves past the contact request too.
  first.failing = false;
  await expect.poll(() => first.sent.length, { timeout: 10_000 }).toBe(1);
  const [sent] = first.sent;
  expect(sent).toMatchObject({ to: 'ann@example.com', kind: 'email-verification' });
  expect(sent!.text).toMatch(/^Open http:\/\/mathdaily\.test\/verify-email\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  await expect.poll(mailCheckpoint, { timeout: 5000 }).toBe(contact);
  expect(log.some((line) => line.startsWith('mail: batch failed (SMTP 451 try again later); retrying'))).toBe(true);
  await projector.stop();
});

test('after a restart mail resumes from its checkpoint without resending, and goes out while the read models are stuck', async () => {
  const second = testTransport();
  // This projector's read models fail on every e-mail event (a broken model): mail must not wait for them.
  const stuck = newProjector(second.transport, [], (event) => {
    if (event.type === 'EmailRequested') throw new Error('a broken read model');
  });
  await stuck.start();
  const mail = await append(emailRequested('bob@example.com'));
  await expect.poll(() => second.sent.map((sent) => sent.to), { timeout: 10_000 }).toEqual(['bob@example.com']);
  await expect.poll(mailCheckpoint, { timeout: 5000 }).toBe(mail);
  expect(stuck.checkpoint).toBeLessThan(mail);
  await stuck.stop();
});
