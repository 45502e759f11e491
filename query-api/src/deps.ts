import type { FastifyRequest } from 'fastify';
import type { DatabasePool } from 'slonik';
import type { MetricsRegistry, PrincipalLoader, UploadStore } from '@mathdaily/api-kit';
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

export type { FastifyRequest };
