import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { REFERRAL_MESSAGES, referralStreamId } from '@mathdaily/domain';
import {
  actor,
  apiSpecificationForFile,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  type Actor,
  type RequestBuilder,
} from '../testing/api-specification.ts';

/**
 * Referral codes' commands as API specifications: a tutor reserves generated and custom codes
 * (the `referral-{CODE}` stream), checks them, deactivates them; registration with an unknown or
 * inactive code is refused before anything is written. Joining a tutor and what the tutor then
 * reads are tutors.test.ts, on the whole product.
 */

const spec = apiSpecificationForFile();

let unique = 0;
/** A custom code no other test (or run: the database is new) uses. */
const customCode = () => `CLASS${Date.now().toString(36).toUpperCase()}${++unique}`.slice(0, 20);

const created = (code: string, tutor: Actor, kind: 'generated' | 'custom') => ({ type: 'ReferralCodeCreated', data: { code, tutorId: tutor.userId, kind } });
const createCode = (who: Actor | null, body: Record<string, unknown>) => (request: RequestBuilder) => request.post('/api/tutors/referral-codes').as(who).send(body);
const checkCode = (who: Actor | null, code: string) => (request: RequestBuilder) => request.post('/api/tutors/referral-codes/check').as(who).send({ code });
const register = (fields: Record<string, unknown>) => (request: RequestBuilder) =>
  request.post('/api/auth/register').send({ email: `pupil.${randomUUID().slice(0, 8)}@example.com`, password: 'Secret123!', firstName: 'Pia', lastName: 'Pupil', gradeLevel: 7, ...fields });

describe('referral codes', () => {
  test('a tutor generates a TUTOR code: ReferralCodeCreated in its own stream', async () => {
    const tutor = actor('tutor');
    const result = await spec
      .given(tutor)
      .when(createCode(tutor, {}))
      .then([
        expectResponse(201, { body: { code: expect.stringMatching(/^TUTOR[A-Z0-9]{6}$/), status: 'pending' } }),
        expectNewEvents((made) => referralStreamId(made.body.code), [
          { type: 'ReferralCodeCreated', data: { code: expect.stringMatching(/^TUTOR[A-Z0-9]{6}$/), tutorId: tutor.userId, kind: 'generated' } },
        ]),
      ]);
    expect(result.newEvents[0]!.data).toMatchObject({ code: result.body.code });
  });

  test('a tutor sets a custom code, upper-cased and stripped, after checking it is available', async () => {
    const tutor = actor('tutor');
    const custom = customCode();
    await spec
      .given(tutor)
      .when(checkCode(tutor, custom.toLowerCase()))
      .then([expectResponse(200, { body: { code: custom, status: 'available' } }), expectNoNewEvents()]);
    await spec
      .given()
      .when(createCode(tutor, { code: ` ${custom.toLowerCase()}-` }))
      .then([expectResponse(201, { body: { code: custom } }), expectNewEvents(referralStreamId(custom), [created(custom, tutor, 'custom')])]);
  });

  test('taken and malformed codes are refused; the check says taken, yours or invalid', async () => {
    const tutor = actor('tutor');
    const otherTutor = actor('tutor');
    const custom = customCode();
    await spec
      .given(tutor, otherTutor, existingStream(referralStreamId(custom), [created(custom, tutor, 'custom')]))
      .when(checkCode(otherTutor, custom))
      .then([expectResponse(200, { body: { status: 'taken', message: `${custom} is already taken` } }), expectNoNewEvents()]);
    await spec.given().when(checkCode(tutor, custom)).then([expectResponse(200, { body: { status: 'yours', message: REFERRAL_MESSAGES.yours(custom) } }), expectNoNewEvents()]);
    await spec.given().when(createCode(otherTutor, { code: custom })).then([expectError(409, { message: `${custom} is already taken` }), expectNoNewEvents()]);
    await spec.given().when(createCode(tutor, { code: 'a-b' })).then([expectError(400, { message: REFERRAL_MESSAGES.codeLength }), expectNoNewEvents()]);
    await spec.given().when(checkCode(tutor, 'x'.repeat(21))).then([expectResponse(200, { body: { status: 'invalid' } }), expectNoNewEvents()]);
  });

  test('students cannot use the tutor commands, and nobody signed out can', async () => {
    const pupil = actor('student');
    for (const [method, url, body] of [
      ['post', '/api/tutors/referral-codes', {}],
      ['post', '/api/tutors/referral-codes/check', { code: 'ABC' }],
      ['put', `/api/tutors/students/${pupil.userId}`, { relationship_status: 'active' }],
    ] as const) {
      await spec.given(pupil).when((request) => request[method](url).as(pupil).send(body)).then([expectError(403), expectNoNewEvents()]);
      await spec.given().when((request) => request[method](url).send(body)).then([expectError(401), expectNoNewEvents()]);
    }
  });

  test('availability checks are rate-limited per tutor', async () => {
    const tutor = actor('tutor');
    const otherTutor = actor('tutor');
    let status = 200;
    for (let i = 0; i < 31 && status === 200; i += 1) status = (await spec.given(otherTutor).when(checkCode(otherTutor, `FREE${i}`)).then([])).status;
    expect(status).toBe(429);
    await spec.given(tutor).when(checkCode(tutor, 'FREE1')).then(expectResponse(200));
  });
});

describe('joining a tutor', () => {
  test('registration with an unknown code is refused and creates no account', async () => {
    const email = `pupil.${randomUUID().slice(0, 8)}@example.com`;
    await spec
      .given()
      .when(register({ email, referralCode: 'NOSUCHCODE1' }))
      .then([expectError(400, { message: REFERRAL_MESSAGES.notFound }), expectNoNewEvents()]);
    await spec
      .given()
      .when((request) => request.post('/api/auth/login').send({ email, password: 'Secret123!' }))
      .then(expectError(401));
  });

  test("only the code's tutor deactivates it (ReferralCodeDeactivated); registration with it is then refused", async () => {
    const tutor = actor('tutor');
    const otherTutor = actor('tutor');
    const spare = `TUTOR${randomUUID().slice(0, 6).toUpperCase()}`;
    await spec
      .given(tutor, otherTutor, existingStream(referralStreamId(spare), [created(spare, tutor, 'generated')]))
      .when((request) => request.post(`/api/tutors/referral-codes/${spare}/deactivate`).as(otherTutor))
      .then([expectError(404), expectNoNewEvents()]);
    await spec
      .given()
      .when((request) => request.post(`/api/tutors/referral-codes/${spare}/deactivate`).as(tutor))
      .then([
        expectResponse(200, { body: { code: spare, status: 'inactive' } }),
        expectNewEvents(referralStreamId(spare), [{ type: 'ReferralCodeDeactivated', data: { code: spare, tutorId: tutor.userId } }]),
      ]);
    await spec.given().when(register({ referralCode: spare })).then([expectError(400, { message: REFERRAL_MESSAGES.inactive }), expectNoNewEvents()]);
  });
});
