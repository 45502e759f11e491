import pg from 'pg';
import type { EmailRequested, RecordedEvent } from '@mathdaily/domain';
import type { EventStore, Subscription } from '@mathdaily/event-store';
import { renderMessage } from './links.ts';
import { devMailbox, smtpTransport, type MailTransport } from './transports.ts';

/** Held by the one active mail reactor; others stand by (several command-api processes may run). */
const MAIL_REACTOR_LOCK_KEY = 4_242_101;

export interface MailReactorOptions {
  store: EventStore;
  /** PostgreSQL for the reactor's own tables (checkpoint and delivered messages). */
  databaseUrl: string;
  publicUrl: string;
  /** The server secret the e-mail link tokens are derived from (JWT_SECRET). */
  secret: string;
  dataDir: string;
  /** SMTP_URL: send through it; otherwise the development mailbox under DATA_DIR. */
  smtpUrl?: string | undefined;
  from?: string | undefined;
  transport?: MailTransport;
  log?: (line: string) => void;
}

/**
 * The outbox's delivery side: follows every event from its own checkpoint, sends each
 * `EmailRequested` once (delivered message ids are recorded, so a crash between sending and
 * checkpointing does not send twice) and moves the checkpoint after each batch.
 */
export class MailReactor {
  private client: pg.Client | undefined;
  private subscription: Subscription | undefined;
  private stopped = false;
  private position = 0n;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly transport: MailTransport;
  private readonly log: (line: string) => void;

  constructor(private readonly options: MailReactorOptions) {
    this.log = options.log ?? (() => {});
    this.transport =
      options.transport ?? (options.smtpUrl ? smtpTransport(options.smtpUrl, options.from) : devMailbox(options.dataDir, options.from));
  }

  /** Resolves once this reactor holds the lock (or stands by) and has caught up with stored events. */
  async start(): Promise<void> {
    await this.activate();
  }

  /** Connects, makes its tables, then takes the lock and follows events, or stands by. */
  private async activate(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: 'mathdaily-mail-reactor' });
    client.on('error', (error) => void this.connectionLost(client, error));
    client.on('end', () => void this.connectionLost(client, new Error('the connection ended')));
    await client.connect();
    this.client = client;
    await client.query(`
      CREATE TABLE IF NOT EXISTS mail_reactor_checkpoint (
        id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        position numeric(20, 0) NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE IF NOT EXISTS mail_deliveries (
        message_id uuid PRIMARY KEY,
        recipient text NOT NULL,
        kind text NOT NULL,
        transport text NOT NULL,
        delivered_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO mail_reactor_checkpoint (id) VALUES (1) ON CONFLICT DO NOTHING;`);
    if (!(await this.tryLock())) {
      this.log('mail: another mail reactor is active; standing by');
      this.retryTimer = setTimeout(() => void this.standBy(), 5000);
      return;
    }
    await this.subscribe();
  }

  /**
   * The connection (and with it the advisory lock) is gone — a PostgreSQL restart, a network
   * blip. Stop sending, then reconnect with backoff and compete for the lock again: another
   * instance may have taken over meanwhile.
   */
  private async connectionLost(client: pg.Client, error: Error) {
    if (this.client !== client || this.stopped) return;
    this.log(`mail: database connection lost (${error.message}); reconnecting`);
    this.client = undefined;
    clearTimeout(this.retryTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop().catch(() => {});
    await client.end().catch(() => {});
    for (let delay = 250; !this.stopped && !this.client; delay = Math.min(delay * 2, 10_000)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.stopped) return;
      try {
        await this.activate();
        this.log('mail: reconnected');
      } catch {
        const half = this.client as pg.Client | undefined;
        this.client = undefined; // never half connected: start over after the next pause
        await half?.end().catch(() => {});
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.subscription?.stop().catch(() => {});
    this.subscription = undefined;
    this.transport.close?.();
    await this.client?.end().catch(() => {});
    this.client = undefined;
  }

  private async tryLock(): Promise<boolean> {
    const { rows } = await this.client!.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [MAIL_REACTOR_LOCK_KEY]);
    return Boolean(rows[0]?.locked);
  }

  private async standBy() {
    if (this.stopped || !this.client) return;
    try {
      if (await this.tryLock()) {
        await this.subscribe();
        return;
      }
    } catch (error) {
      this.log(`mail: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.retryTimer = setTimeout(() => void this.standBy(), 5000);
  }

  private async subscribe(): Promise<void> {
    const { rows } = await this.client!.query<{ position: string }>('SELECT position::text AS position FROM mail_reactor_checkpoint WHERE id = 1');
    this.position = BigInt(rows[0]?.position ?? '0');
    const subscription = this.options.store.subscribeToAll({
      after: this.position,
      batchSize: 200,
      onBatch: async (events) => this.handle(events),
      onError: (error) => this.restartAfter(error),
    });
    this.subscription = subscription;
    await subscription.caughtUp;
  }

  private async handle(events: RecordedEvent[]) {
    const client = this.client;
    if (!client || events.length === 0) return;
    for (const event of events) {
      if (event.type !== 'EmailRequested') continue;
      const data = event.data as EmailRequested['data'];
      const done = await client.query('SELECT 1 FROM mail_deliveries WHERE message_id = $1', [data.messageId]);
      if (done.rowCount) continue;
      const message = renderMessage(data, { publicUrl: this.options.publicUrl, secret: this.options.secret });
      await this.transport.send({ id: data.messageId, ...message, kind: data.kind, createdAt: event.metadata.at });
      await client.query(
        'INSERT INTO mail_deliveries (message_id, recipient, kind, transport) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [data.messageId, data.to, data.kind, this.transport.name],
      );
      this.log(`mail: ${data.kind} to ${data.to} (${this.transport.name})`);
    }
    const last = events.at(-1)!.position;
    await client.query('UPDATE mail_reactor_checkpoint SET position = $1::numeric, updated_at = now() WHERE id = 1', [last.toString()]);
    this.position = last;
    this.failures = 0;
  }

  /** Resubscribes from the stored checkpoint, backing off while deliveries keep failing. */
  private restartAfter(error: unknown) {
    if (this.stopped) return;
    this.failures += 1;
    this.log(`mail: delivery failed (${error instanceof Error ? error.message : String(error)}); retrying`);
    const previous = this.subscription;
    this.subscription = undefined;
    const delay = Math.min(60_000, 500 * 2 ** Math.min(this.failures, 7));
    this.retryTimer = setTimeout(() => {
      void (async () => {
        await previous?.stop().catch(() => {});
        if (!this.stopped) await this.subscribe().catch((e: unknown) => this.restartAfter(e));
      })();
    }, delay);
  }
}
