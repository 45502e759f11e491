/**
 * API specifications for command routes, in the shape of Emmett's `ApiSpecification`:
 *
 *   given(existing streams, actors) → when(a request to the routes) → then(a response, new events)
 *
 *   const spec = await startApiSpecification({ routes: registerRateDifficulty });
 *   const ann = actor('student');
 *   await spec
 *     .given(ann, existingStream(practiceStreamId(ann.userId), [started, answered]))
 *     .when((request) => request.post('/api/learning/rate-difficulty').as(ann).send({ attempt_id, rating: 4 }))
 *     .then([expectResponse(200, { body: { data: { rating: 4 } } }), expectNewEvents(practiceStreamId(ann.userId), [{ type: 'DifficultyRated', data: {...} }])]);
 *
 * What runs: the command routes alone (the whole command plugin, or one slice's `register…`
 * function) in the API server the product uses (`createApiServer`: access rules, error bodies,
 * rate limits, idempotency), on the PostgreSQL event store of a test database of their own (the
 * event-store package has no in-memory store), with the real principal loader. No projector, no
 * query API, no problem bank, no demo accounts: a file starts in about a second instead of booting
 * the product. One specification per file (`beforeAll`); tests keep apart by their own ids
 * (a fresh `actor()` and `randomUUID()` streams per test).
 *
 * Commands never read read models, so nothing here waits for a projection; a test that needs a
 * query's answer belongs with the whole product (docs/testing.md).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  createApiServer,
  createSlonikPool,
  migrateRuntimeSchema,
  migrateUploads,
  postgresUploadStore,
  signAccessToken,
  streamPrincipalLoader,
  type Role,
} from '@mathdaily/api-kit';
import { authSessionStreamId, newEvent, userStreamId, type EventFact, type RecordedEvent } from '@mathdaily/domain';
import {
  createEventStorePool,
  createPostgresEventStore,
  migratePostgresEventStore,
  openPersonalDataVault,
  protectPersonalData,
  streamStateCacheOf,
  type EventStore,
} from '@mathdaily/event-store';
import { createTestDatabase } from '@mathdaily/testing';
import type { CommandApiDeps } from '../deps.ts';
import { commandApi } from '../plugin.ts';

/** A slice's `register…(app, deps)`, or `commandApi` (every command route). */
type RegisterRoutes = (app: FastifyInstance, deps: CommandApiDeps) => unknown;

export interface ApiSpecificationOptions {
  /** The routes under test; default the whole command plugin. */
  routes?: RegisterRoutes | readonly RegisterRoutes[];
  /** The server's clock (commands' `metadata.at`, tokens, session expiry); default the real one. */
  clock?: () => Date;
  /** CommandApiConfig.demoAccounts; default false. */
  demoAccounts?: boolean;
}

/** Events already in a stream before the request: facts (type and data), given ids and metadata here. */
export interface GivenStream {
  streamId: string;
  events: readonly EventFact[];
}

export const existingStream = (streamId: string, events: readonly EventFact[]): GivenStream => ({ streamId, events });

/**
 * A signed-in user: their `user-…` and `auth-session-…` streams (appended the first time the
 * actor is given or used) and a token the specification signs at request time. The principal
 * loader reads those streams, as in the product.
 */
export interface Actor {
  readonly userId: string;
  readonly sessionId: string;
  readonly role: Role;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly gradeLevel: number | null;
  readonly timezone: string;
}

export function actor(
  role: Role,
  fields: Partial<Pick<Actor, 'userId' | 'email' | 'firstName' | 'lastName' | 'gradeLevel' | 'timezone'>> = {},
): Actor {
  const userId = fields.userId ?? randomUUID();
  return {
    userId,
    sessionId: randomUUID(),
    role,
    email: fields.email ?? `${role}.${userId.slice(0, 8)}@example.com`,
    firstName: fields.firstName ?? role[0]!.toUpperCase() + role.slice(1),
    lastName: fields.lastName ?? 'Spec',
    gradeLevel: fields.gradeLevel === undefined ? (role === 'student' ? 7 : null) : fields.gradeLevel,
    timezone: fields.timezone ?? 'UTC',
  };
}

const isActor = (given: GivenStream | Actor): given is Actor => 'sessionId' in given;

const DAY_MS = 86_400_000;

function actorStreams(who: Actor, now: Date): GivenStream[] {
  const expires = new Date(now.getTime() + 30 * DAY_MS).toISOString();
  return [
    existingStream(userStreamId(who.userId), [
      {
        type: 'UserRegistered',
        data: {
          userId: who.userId,
          email: who.email,
          firstName: who.firstName,
          lastName: who.lastName,
          role: who.role,
          gradeLevel: who.gradeLevel,
          timezone: who.timezone,
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$api-specification$not-a-real-hash',
          source: 'demo-seed',
        },
      },
    ]),
    existingStream(authSessionStreamId(who.sessionId), [
      {
        type: 'AuthSessionStarted',
        data: {
          sessionId: who.sessionId,
          userId: who.userId,
          refreshTokenHash: randomBytes(32).toString('hex'),
          credentialsVersion: 0,
          idleExpiresAt: expires,
          absoluteExpiresAt: expires,
          method: 'password',
        },
      },
    ]),
  ];
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request, built as `request.post(url).as(actor).send(body)`. */
class ApiRequest {
  /** @internal */ caller: Actor | null = null;
  /** @internal */ body: unknown = undefined;
  /** @internal */ headers: Record<string, string> = {};
  /** @internal */ remoteAddress: string | undefined;
  constructor(
    readonly method: Method,
    readonly url: string,
  ) {}
  /** Signed in as this actor (a bearer token of theirs); null or never called: no token. */
  as(who: Actor | null): this {
    this.caller = who;
    return this;
  }
  send(body: unknown): this {
    this.body = body;
    return this;
  }
  header(name: string, value: string): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
  /** The client's address (default: a new one per request, so per-address limits never meet). */
  from(remoteAddress: string): this {
    this.remoteAddress = remoteAddress;
    return this;
  }
}

export interface RequestBuilder {
  get(url: string): ApiRequest;
  post(url: string): ApiRequest;
  put(url: string): ApiRequest;
  delete(url: string): ApiRequest;
}

const requestBuilder: RequestBuilder = {
  get: (url) => new ApiRequest('GET', url),
  post: (url) => new ApiRequest('POST', url),
  put: (url) => new ApiRequest('PUT', url),
  delete: (url) => new ApiRequest('DELETE', url),
};

/** What a `then` saw: the response and every event the request appended, in order. */
export interface ApiResult {
  status: number;
  /** The JSON body (the raw text when the response is not JSON). */
  body: any;
  response: LightMyRequestResponse;
  /** Every event appended while the request ran, in position order. */
  newEvents: RecordedEvent[];
  /** The new events of one stream. */
  newEventsOf(streamId: string): RecordedEvent[];
}

export interface Expectation {
  /** The stream this expectation accounts for (expectNewEvents): with any, every stream written must be named. */
  stream?(result: ApiResult): string;
  check(result: ApiResult): void;
}

/** The status, and optionally a body that the response body matches (`toMatchObject`: a partial object, asymmetric matchers welcome). */
export function expectResponse(status: number, expected: { body?: unknown; headers?: Record<string, unknown> } = {}): Expectation {
  return {
    check(result) {
      expect(result.status, `status of ${JSON.stringify(result.body)}`).toBe(status);
      if (expected.body !== undefined) expect(result.body).toMatchObject(expected.body as object);
      if (expected.headers !== undefined) expect(result.response.headers).toMatchObject(expected.headers);
    },
  };
}

/** An error answer (api-kit/src/errors.ts `{ code, message, fields? }`): the status, and the code, message (exact or a pattern) and fields when given. */
export function expectError(status: number, expected: { code?: string; message?: string | RegExp; fields?: Record<string, unknown> } = {}): Expectation {
  return {
    check(result) {
      expect(result.status, `status of ${JSON.stringify(result.body)}`).toBe(status);
      if (expected.code !== undefined) expect(result.body.code).toBe(expected.code);
      if (typeof expected.message === 'string') expect(result.body.message).toBe(expected.message);
      else if (expected.message) expect(result.body.message).toMatch(expected.message);
      if (expected.fields !== undefined) expect(result.body.fields).toMatchObject(expected.fields);
    },
  };
}

/**
 * Exactly these new events in this stream, in order: types and data (`toEqual`, so every field;
 * use `expect.any(String)` and the like for ids the server makes). Once a `then` names a stream
 * with this, a stream it does not name that got events fails the specification. A stream named by
 * the server (a generated code) is given as a function of the result: `(result) => \`referral-${result.body.code}\``.
 */
export function expectNewEvents(streamId: string | ((result: ApiResult) => string), events: readonly EventFact[]): Expectation {
  const stream = typeof streamId === 'string' ? () => streamId : streamId;
  return {
    stream,
    check(result) {
      const id = stream(result);
      const actual = result.newEventsOf(id).map((event) => ({ type: event.type, data: event.data }));
      expect(actual, `new events of ${id}`).toEqual(events);
    },
  };
}

/** Nothing appended to any stream (a refusal). */
export function expectNoNewEvents(): Expectation {
  return {
    check(result) {
      expect(
        result.newEvents.map((event) => `${event.streamId}: ${event.type}`),
        'events appended',
      ).toEqual([]);
    },
  };
}

export interface ApiSpecification {
  /** The streams (and actors) the store holds before the request; appended at `when`. */
  given(...givens: (GivenStream | Actor)[]): {
    when(build: (request: RequestBuilder) => ApiRequest): {
      /** Runs the request and checks the expectations; resolves with what happened, for more checks. */
      then(expectations: Expectation | readonly Expectation[]): Promise<ApiResult>;
    };
  };
  /** The event store the routes write to (for a test that must look further). */
  readonly store: EventStore;
  readonly server: FastifyInstance;
  readonly clock: () => Date;
  close(): Promise<void>;
}

let addresses = 0;
const nextAddress = () => `192.0.2.${(addresses = (addresses % 250) + 1)}`;

/**
 * The file's specification: started before its tests, closed after them. The object is filled in
 * by the file's beforeAll, so tests use it then.
 */
export function apiSpecificationForFile(options: ApiSpecificationOptions = {}): ApiSpecification {
  const spec = {} as ApiSpecification;
  beforeAll(async () => {
    Object.assign(spec, await startApiSpecification(options));
  });
  afterAll(async () => {
    await spec.close?.();
  });
  return spec;
}

/** A command API on a database of its own. */
async function startApiSpecification(options: ApiSpecificationOptions = {}): Promise<ApiSpecification> {
  const clock = options.clock ?? (() => new Date());
  const jwtSecret = `api-specification-${randomBytes(16).toString('hex')}`;
  const databaseUrl = await createTestDatabase('api_spec');
  const eventPool = createEventStorePool(databaseUrl, { max: 4 });
  await migratePostgresEventStore(eventPool);
  // As every process of the product does: personal data sealed and opened through the vault.
  const store = protectPersonalData(createPostgresEventStore({ pool: eventPool, connectionString: databaseUrl }), await openPersonalDataVault(eventPool));
  const runtimePool = await createSlonikPool(databaseUrl, { maximumPoolSize: 2 });
  await migrateRuntimeSchema(runtimePool);
  await migrateUploads(runtimePool);
  const deps: CommandApiDeps = {
    store,
    clock,
    uploads: postgresUploadStore(runtimePool),
    config: { jwtSecret, demoAccounts: options.demoAccounts ?? false },
  };
  const server = await createApiServer({ jwtSecret, loadPrincipal: streamPrincipalLoader(streamStateCacheOf(store), clock), runtimePool });
  const routes = options.routes === undefined ? [commandApi] : Array.isArray(options.routes) ? options.routes : [options.routes as RegisterRoutes];
  await server.register(async (scope) => {
    for (const register of routes) await register(scope, deps);
  });
  await server.ready();

  const actorsGiven = new Set<string>();
  const append = async (stream: GivenStream) => {
    const context = { actorId: null, correlationId: 'api-specification-given', causationId: 'api-specification-given', at: clock() };
    await store.append(
      stream.streamId,
      stream.events.map((fact) => newEvent(fact, context, randomUUID())),
      { expectedVersion: 'any' },
    );
  };
  const ensureActor = async (who: Actor) => {
    if (actorsGiven.has(who.userId)) return;
    actorsGiven.add(who.userId);
    for (const stream of actorStreams(who, clock())) await append(stream);
  };

  return {
    store,
    server,
    clock,
    given: (...givens) => ({
      when: (build) => ({
        then: async (expectations) => {
          for (const given of givens) {
            if (isActor(given)) await ensureActor(given);
            else if (given.events.length > 0) await append(given);
          }
          const request = build(requestBuilder);
          if (request.caller) await ensureActor(request.caller);
          const before = await store.lastPosition();
          const caller = request.caller;
          const response = await server.inject({
            method: request.method,
            url: request.url,
            remoteAddress: request.remoteAddress ?? nextAddress(),
            headers: {
              ...request.headers,
              ...(caller
                ? { authorization: `Bearer ${signAccessToken({ sub: caller.userId, sid: caller.sessionId, role: caller.role, ver: 0 }, jwtSecret, Math.floor(clock().getTime() / 1000))}` }
                : {}),
            },
            ...(request.body !== undefined ? { payload: request.body as object } : {}),
          });
          const newEvents = await store.readAll({ after: before, limit: 1000 });
          const isJson = String(response.headers['content-type'] ?? '').includes('json');
          const result: ApiResult = {
            status: response.statusCode,
            body: isJson ? response.json() : response.body,
            response,
            newEvents,
            newEventsOf: (streamId) => newEvents.filter((event) => event.streamId === streamId),
          };
          const list: readonly Expectation[] = Array.isArray(expectations) ? expectations : [expectations as Expectation];
          for (const expectation of list) expectation.check(result);
          const named = new Set(list.flatMap((expectation) => (expectation.stream ? [expectation.stream(result)] : [])));
          if (named.size > 0) {
            const unnamed = [...new Set(newEvents.map((event) => event.streamId))].filter((streamId) => !named.has(streamId));
            expect(unnamed, 'streams written that the specification does not name').toEqual([]);
          }
          return result;
        },
      }),
    }),
    close: async () => {
      await server.close();
      await store.close();
      await runtimePool.end();
      await eventPool.end().catch(() => {});
    },
  };
}
