import type { DatabasePool } from 'slonik';
import type { MetricsRegistry, PrincipalLoader, UploadStore } from '@mathdaily/api-kit';
import type { PersonalDataOpener } from '@mathdaily/event-store';
import type { PreparedQueries } from './prepared-queries.ts';
import type { PositionWaiter } from './wait-for-position.ts';

export interface QueryApiDeps {
  pool: DatabasePool;
  /** The hot reads (the due queue) as named statements (prepared-queries.ts). */
  prepared: PreparedQueries;
  waiter: PositionWaiter;
  /** The event store's last readable position, for /api/health. */
  lastEventPosition: () => Promise<bigint>;
  clock: () => Date;
  /** Uploaded avatars (PostgreSQL's uploads schema). */
  uploads: UploadStore;
  /** The server's principal loader, for /api/live, which signs in by its first message. */
  loadPrincipal: PrincipalLoader;
  /** Opens personal data that read models keep sealed (the audit log, contact requests), or reads it as erased. */
  personalData: PersonalDataOpener;
  /** The children a parent is linked to now, from the parent's stream (families/family-access.ts). */
  childrenOf: (parentId: string) => Promise<readonly string[]>;
  /** The process's metrics (due-queue cache, catalogue reads, live sockets); none in some tests. */
  metrics?: MetricsRegistry;
  config: {
    demoAccounts: boolean;
    /** Verifies the access token a /api/live socket sends as its first message. */
    jwtSecret: string;
    /** DATA_DIR: the development mailbox is read from here. */
    dataDir?: string;
    /** PROJECTOR_STALL_SECONDS (api-kit settings; 30 when absent): /api/health's limit for a projector that does not advance. */
    projectorStallSeconds?: number;
    /** LIVE_PING_SECONDS (30 when absent): how often /api/live pings each socket. */
    livePingSeconds?: number;
  };
}

