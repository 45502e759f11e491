import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { $ZodType } from 'zod/v4/core';
import { createTestDatabase } from '@mathdaily/testing';
import { startApp, type RunningApp } from './app.ts';

/**
 * Every route of both APIs that answers with JSON declares `schema.response` for its success
 * (docs/conventions.md "Responses"): fastify serialises the answer by it, so a field it does not
 * name never leaves (domain/src/api). Walks the routes the running product registers, so a new
 * route without one fails here. The exceptions answer with something else than JSON, each named
 * with why.
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/live': 'websocket: messages on the socket (a plain GET gets a 426 error body)',
  'GET /api/live/class': 'websocket: snapshots on the socket (the same view as GET /api/tutors/classes/:id/live, which has its schema)',
  'GET /api/tutors/classes/:id/report.csv': 'CSV file',
  'GET /api/tutors/students/:userId/report.csv': 'CSV file',
  'GET /api/privacy/export/:userId': 'ZIP file',
  'GET /api/avatars/uploads/:file': 'image file',
};

const routes: RouteOptions[] = [];
let app: RunningApp;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase('response_schemas', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-response-schemas-'));
  app = await startApp({
    databaseUrl,
    jwtSecret: 'response-schemas-secret-response-schemas',
    demoAccounts: false,
    dataDir,
    port: 0,
    log: () => {},
    webDist: path.join(dataDir, 'no-web'),
    onRoute: (route) => void routes.push(route),
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const keysOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD').map((method) => `${method} ${route.url}`);

test('every JSON route of the command and query APIs declares a zod response schema for its success', () => {
  const api = routes.filter((route) => route.url.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(90);
  const missing: string[] = [];
  for (const route of api) {
    for (const key of keysOf(route)) {
      if (key in NOT_JSON) continue;
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.entries(response).filter(([status]) => /^2(\d\d|xx)$/.test(status));
      if (success.length === 0 || !success.every(([, schema]) => schema instanceof $ZodType)) missing.push(key);
    }
  }
  expect(missing, 'routes without a zod schema.response for 2xx (add one in domain/src/api, or list the route in NOT_JSON with why)').toEqual([]);
});

test('the routes listed as not JSON exist and declare no JSON answer', () => {
  const keys = new Map(routes.flatMap((route) => keysOf(route).map((key) => [key, route] as const)));
  for (const key of Object.keys(NOT_JSON)) {
    expect(keys.has(key), `${key} is listed in NOT_JSON but no longer registered`).toBe(true);
    expect(keys.get(key)!.schema?.response, key).toBeUndefined();
  }
});
