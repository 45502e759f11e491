import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@mathdaily/domain';
import { committedEvents, createTestDatabase, startApp, type RunningApp } from '@mathdaily/testing';
import { problemBankSeeded } from '../../problems/seed-problem-bank.ts';

export const TEST_SECRET = 'accounts-test-secret-accounts-test-secret';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  createdAt: string;
}

export interface AuthBody {
  accessToken: string;
  refreshToken: string;
  position: string;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    role: string;
    gradeLevel: number | null;
    isEmailVerified: boolean;
    lastLoginAt: string | null;
    createdAt: string;
    timezone: string;
    profileImageUrl: string;
  };
}

let ipCounter = 0;
/** A fresh client address, so per-IP rate limits of one test do not spill into another. */
export const nextIp = () => `203.0.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

let emailCounter = 0;
export const uniqueEmail = (name = 'user') => `${name}.${Date.now().toString(36)}.${++emailCounter}@example.com`;

/** The whole product on a fresh database and data folder, plus helpers for the accounts API. */
export class AccountsTestApp {
  private constructor(
    public app: RunningApp,
    readonly databaseUrl: string,
    readonly dataDir: string,
    private readonly options: { demoAccounts: boolean; clock?: () => Date; smtpUrl?: string },
  ) {}

  static async start(options: { demoAccounts?: boolean; clock?: () => Date; smtpUrl?: string } = {}): Promise<AccountsTestApp> {
    const databaseUrl = await createTestDatabase('accounts', { seeded: !options.clock });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-accounts-'));
    const settings = {
      demoAccounts: options.demoAccounts ?? true,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    };
    const app = await AccountsTestApp.boot(databaseUrl, dataDir, settings);
    const started = new AccountsTestApp(app, databaseUrl, dataDir, settings);
    await started.caughtUp();
    return started;
  }

  /**
   * Waits until start-up seeding (the problem bank goes on in the background) has finished and
   * the projector has applied every stored event, so reads after a command see it promptly.
   * Gives up quietly after `timeoutMs`: reads still wait for their position.
   */
  async caughtUp(timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await problemBankSeeded(this.app.store);
    let previous = -1n;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      const last = await this.app.store.lastPosition();
      if (last !== previous) {
        previous = last;
        quietSince = Date.now();
      } else if (this.app.projector.checkpoint >= last && Date.now() - quietSince >= 1000) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private static boot(databaseUrl: string, dataDir: string, options: { demoAccounts: boolean; clock?: () => Date; smtpUrl?: string }) {
    return startApp({
      databaseUrl,
      jwtSecret: TEST_SECRET,
      demoAccounts: options.demoAccounts,
      dataDir,
      port: 0,
      log: () => {},
      webDist: path.join(dataDir, 'no-web'),
      ...(options.clock ? { clock: options.clock } : {}),
      smtpUrl: options.smtpUrl,
    });
  }

  /** Stops and starts the product again on the same database and data folder. */
  async restart(): Promise<void> {
    await this.app.stop();
    this.app = await AccountsTestApp.boot(this.databaseUrl, this.dataDir, this.options);
    await this.caughtUp();
  }

  stop() {
    return this.app.stop();
  }

  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { token?: string; body?: unknown; minPosition?: string | null; ip?: string } = {}) {
    return this.app.server.inject({
      method,
      url,
      remoteAddress: options.ip ?? nextIp(),
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.minPosition ? { 'x-min-position': options.minPosition } : {}),
      },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
  }

  async register(overrides: Record<string, unknown> = {}): Promise<AuthBody & { password: string }> {
    const payload = { email: uniqueEmail(), password: 'Secret123!', firstName: 'Ann', lastName: 'Lee', gradeLevel: 7, ...overrides };
    const response = await this.request('POST', '/api/auth/register', { body: payload });
    expect(response.statusCode, response.body).toBe(201);
    return { ...(response.json() as AuthBody), password: payload.password as string };
  }

  async login(email: string, password: string): Promise<AuthBody> {
    const response = await this.request('POST', '/api/auth/login', { body: { email, password } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuthBody;
  }

  /**
   * Every committed event, in order (see committedEvents for why not the store's readAll), its
   * personal fields opened as a reader of the store sees them (the store keeps them sealed).
   */
  events() {
    return committedEvents(this.databaseUrl, { opened: true });
  }

  private adminToken: string | undefined;

  /** The messages of the development mailbox (admins only) for an address, newest first, waiting up to 5 s for `count` of them. */
  async mailbox(to: string, count = 1): Promise<MailboxMessage[]> {
    this.adminToken ??= (await this.login(DEMO_ACCOUNTS.find((account) => account.role === 'admin')!.email, DEMO_PASSWORD)).accessToken;
    const deadline = Date.now() + 5000;
    for (;;) {
      const response = await this.request('GET', `/api/dev/mailbox?to=${encodeURIComponent(to)}`, { token: this.adminToken });
      expect(response.statusCode, response.body).toBe(200);
      const { messages } = response.json() as { messages: MailboxMessage[] };
      if (messages.length >= count || Date.now() > deadline) return messages;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The token in a link of an e-mail (`…/verify-email?token=…`). */
export function tokenInLink(text: string, purpose: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`/${purpose}\\?token=([^\\s"<&]+)`).exec(text);
  if (!match) throw new Error(`no ${purpose} link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;
