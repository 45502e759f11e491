import { expect } from 'vitest';
import type { RunningApp } from '@mathdaily/launcher/app';

/** A signed-in user, as a test calls the product for them. */
export interface Caller {
  token: string;
  userId: string;
}

/**
 * Calls to the whole product as its web app makes them: each from another address of `network`
 * (so no test meets another's rate limit), and a GET reads at least what the last command wrote
 * (`x-min-position`, the position the last command answered). JSON answers parsed, others as text.
 * `app` is read at each call: tests start it in beforeAll.
 */
export function productCaller(app: () => RunningApp, network = '198.51.100') {
  let ips = 0;
  let lastPosition = '0';
  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: Caller | null, payload?: unknown) {
    const response = await app().server.inject({
      method,
      url,
      remoteAddress: `${network}.${++ips % 250}`,
      headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...(method === 'GET' ? { 'x-min-position': lastPosition } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    const body = isJson ? (response.json() as any) : response.body;
    if (method !== 'GET' && typeof body?.position === 'string') lastPosition = body.position;
    return { status: response.statusCode, body, headers: response.headers };
  }
  async function signIn(email: string, password = 'Demo123!'): Promise<Caller> {
    const { status, body } = await call('POST', '/api/auth/login', null, { email, password });
    expect(status, JSON.stringify(body)).toBe(200);
    return { token: body.accessToken, userId: body.user.id };
  }
  return { call, signIn };
}
