import pg from 'pg';
import { Backoff } from '../internal/timing.ts';
import { POSTGRES_EVENTS_CHANNEL, POSTGRES_LISTENER_APPLICATION_NAME } from './schema.ts';

export type Warn = (message: string, error?: unknown) => void;

/**
 * One dedicated connection that LISTENs on the events channel and wakes every registered
 * subscription. If the connection drops (server restart, pg_terminate_backend, network) it
 * reconnects with backoff (100 ms doubling to 5 s) and then wakes everyone, because
 * notifications sent while it was away are lost: subscriptions re-read to cover them.
 */
export class PostgresNotificationListener {
  private client: pg.Client | undefined;
  private readonly callbacks = new Set<() => void>();
  private starting: Promise<void> | undefined;
  private reconnecting = false;
  private closed = false;
  private healthTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly warn: Warn,
    private readonly healthCheckMs = 30_000,
  ) {}

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Registers a wake-up callback; returns the function that unregisters it. */
  register(callback: () => void): () => void {
    this.callbacks.add(callback);
    return () => this.callbacks.delete(callback);
  }

  /** Connects on first use; resolves after the first attempt (success or not: failures retry in the background). */
  start(): Promise<void> {
    this.starting ??= this.connectOnce().then((ok) => {
      if (!ok) this.reconnect();
      this.healthTimer ??= setInterval(() => void this.healthCheck(), this.healthCheckMs);
      this.healthTimer.unref();
    });
    return this.starting;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.healthTimer) clearInterval(this.healthTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private wakeAll(): void {
    for (const callback of this.callbacks) callback();
  }

  private async connectOnce(): Promise<boolean> {
    if (this.closed) return false;
    const client = new pg.Client({
      connectionTimeoutMillis: 10_000,
      ...this.config,
      application_name: POSTGRES_LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client));
    client.on('notification', (message) => {
      if (message.channel === POSTGRES_EVENTS_CHANNEL) this.wakeAll();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${POSTGRES_EVENTS_CHANNEL}`);
    } catch (error) {
      this.warn('event store: LISTEN connection failed', error);
      await client.end().catch(() => undefined);
      return false;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return false;
    }
    this.client = client;
    // Anything committed while we were not listening has not been announced: wake everyone.
    this.wakeAll();
    return true;
  }

  private dropped(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (!this.closed) this.warn('event store: LISTEN connection lost, reconnecting', error);
    client.end().catch(() => undefined);
    this.wakeAll();
    this.reconnect();
  }

  private reconnect(): void {
    if (this.reconnecting || this.closed) return;
    this.reconnecting = true;
    const backoff = new Backoff(100, 5_000);
    const attempt = async (): Promise<void> => {
      while (!this.closed && !this.client) {
        await new Promise((resolve) => setTimeout(resolve, backoff.next()));
        if (await this.connectOnce()) break;
      }
      this.reconnecting = false;
    };
    void attempt();
  }

  /** A half-open TCP connection raises no error by itself: a periodic query notices it. */
  private async healthCheck(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query('SELECT 1');
    } catch (error) {
      this.dropped(client, error);
    }
  }
}
