import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAccessControl, type PrincipalLoader } from './access.ts';
import { registerErrorHandling, sendError } from './errors.ts';
import type { Logger } from './logger.ts';
import { registerMetrics, type MetricsRegistry } from './metrics.ts';
import type { DatabasePool } from 'slonik';
import { registerIdempotency } from './idempotency.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { registerNulGuard } from './nul-characters.ts';
import { postgresRateLimitStore } from './runtime-store.ts';

/** A caller's own request id that is kept (as a label): a plain token, nothing that could smuggle markup or a newline into a log. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's X-Request-Id when it is a plain token; events keep it as metadata.clientRequestId. */
    clientRequestId: string | null;
  }
}

export interface ApiServerOptions {
  jwtSecret: string;
  loadPrincipal: PrincipalLoader;
  /** The process's logger (`createLogger`); none: nothing is logged. Requests are logged without their query string or headers, where tokens travel. */
  logger?: Logger | false;
  /** Log every request (incoming, completed); otherwise only warnings and errors, a 500 above all. */
  logRequests?: boolean;
  /** Largest accepted body; an avatar of 2 MB is about 2.8 MB as base64. */
  bodyLimit?: number;
  /**
   * Which proxies may name the client in X-Forwarded-For: a hop count or their addresses/CIDRs
   * (`parseTrustProxy`). Never `true`: then any client could choose its own address.
   */
  trustProxy?: number | string[];
  /**
   * Where rate-limit counters live (`runtime.rate_limits`, see `migrateRuntimeSchema`), so every
   * instance counts the same client alike, and Idempotency-Key answers (idempotency.ts); without
   * it each process counts alone and the header is ignored.
   */
  runtimePool?: DatabasePool;
  /** Where the OpenAPI UI is served (its JSON at `<prefix>/json`); production command-api uses /api/docs/commands. */
  docsPrefix?: string;
  /** The process's metrics: request durations by route and status, and `GET /metrics` (metrics.ts). */
  metrics?: MetricsRegistry;
  /** More metrics for `GET /metrics`, from elsewhere (the embedded projector thread). */
  metricsAlso?: () => Promise<string>;
}

/** A request as a log line names it: method, path and id, never its query string or headers (tokens travel there). */
function requestForLog(request: { method: string; url: string; id: string; ip?: string }) {
  return { method: request.method, path: request.url.split('?')[0], id: request.id, remoteAddress: request.ip };
}

/**
 * TRUST_PROXY as fastify's trustProxy: empty → trust no proxy (the socket's address is the
 * client); a number → that many proxy hops in front (1 behind our nginx); otherwise a
 * comma-separated list of proxy addresses or CIDRs.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) {
    throw new Error('TRUST_PROXY must be a hop count (1 behind one proxy) or the proxies\' addresses, not "true": that would let any client choose its own address.');
  }
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

/**
 * The fastify instance both APIs run in: zod schemas, one error body, access rules, security
 * headers, rate limiting and OpenAPI docs at /api/docs. Embedded mode registers both APIs in it;
 * production runs each API alone in its own.
 */
export async function createApiServer(options: ApiServerOptions): Promise<FastifyInstance> {
  const hops = options.trustProxy;
  // A hop count as proxy-addr's function (fastify's types only name booleans, lists and functions).
  const trustProxy: FastifyServerOptions['trustProxy'] = typeof hops === 'number' ? (_address, hop) => hop < hops : (hops ?? false);
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger.child({}, { serializers: { req: requestForLog } }) as FastifyBaseLogger } : { logger: false }),
    // Without request logging, no child logger per request either (its allocation showed in the
    // due queue's tail); an error's line names its request (`req`).
    ...(options.logger && !options.logRequests
      ? { logController: new LogController({ disableRequestLogging: true }), childLoggerFactory: (logger: FastifyBaseLogger) => logger }
      : {}),
    // The request id is the correlation id of every event the request causes, so the server makes
    // it: a caller's X-Request-Id is only kept beside it (request.clientRequestId), or anyone could
    // file their events under another's request in the audit log.
    genReqId: () => randomUUID(),
    bodyLimit: options.bodyLimit ?? 3 * 1024 * 1024,
    trustProxy,
    // Ids in paths are uuids; anything else is answered by the not-found handler.
    routerOptions: { ignoreTrailingSlash: true },
    // While stopping, a request that still arrives on an open connection is served (with
    // `Connection: close`), not refused with a 503: the caller never sees an error for a restart.
    return503OnClosing: false,
    // Errors raised before routing (a broken %-escape in the path) get the same error body.
    frameworkErrors: (error, request, reply) =>
      sendError(reply.header('x-request-id', request.id), 400, {
        code: 'BAD_REQUEST',
        message: error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: it has a broken %-escape.' : 'The request is not valid.',
      }),
  });
  // Bodies are JSON only: a text/plain body would otherwise reach the schema as a string.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  if (options.metrics) registerMetrics(app, options.metrics, options.metricsAlso);
  // The caller can quote it (a support request, the admin's event log filtered by correlation).
  app.decorateRequest('clientRequestId', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const given = request.headers['x-request-id'];
    if (typeof given === 'string' && CLIENT_REQUEST_ID.test(given)) request.clientRequestId = given;
  });
  // Built once: @fastify/helmet built helmet's middleware anew for every request (the CSP parsed
  // each time: ~5 % of a due-queue request's CPU in a profile).
  const secureHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // KaTeX and React set style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the page's own ws:/wss: origin (CSP 3): sockets to other hosts stay closed.
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Nothing of ours is ever framed (clickjacking); the legacy header says the same as the CSP.
    frameguard: { action: 'deny' },
  });
  // helmet 8 throws its errors instead of passing them on, so `next` is only ever called without one.
  app.addHook('onRequest', (request, reply, done) => secureHeaders(request.raw, reply.raw, () => done()));
  // API answers are personal (the sign-in answer carries tokens): no cache, shared or the browser's,
  // keeps them, unless a route says otherwise (an uploaded avatar's immutable file).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(rateLimit, { global: false, ...(options.runtimePool ? { store: postgresRateLimitStore(options.runtimePool) } : {}) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'MathDaily API', version: '1.0.0', description: 'Commands (POST/PUT/DELETE) and queries (GET) of MathDaily.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: options.docsPrefix ?? '/api/docs',
    staticCSP: true,
    // swagger-ui's own CSP would allow framing by the same origin; ours allows none anywhere.
    transformStaticCSP: (header) => header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
  });
  registerAccessControl(app, { jwtSecret: options.jwtSecret, loadPrincipal: options.loadPrincipal });
  registerNulGuard(app);
  if (options.runtimePool) registerIdempotency(app, options.runtimePool);
  return app;
}
