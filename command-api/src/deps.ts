import type { FastifyRequest } from 'fastify';
import type { UploadStore } from '@mathdaily/api-kit';
import type { EventStore } from '@mathdaily/event-store';
import type { CommandMeta } from './pipeline/handle-command.ts';

interface CommandApiConfig {
  jwtSecret: string;
  /** Seed the SPEC's four test accounts and allow quick login. */
  demoAccounts: boolean;
}

export interface CommandApiDeps {
  store: EventStore;
  config: CommandApiConfig;
  /** Uploaded avatars (PostgreSQL's uploads schema). */
  uploads: UploadStore;
  /** The server's clock; deciders receive its time inside commands. */
  clock: () => Date;
}

export function commandMeta(request: FastifyRequest, deps: CommandApiDeps): CommandMeta {
  return {
    actorId: request.principal?.userId ?? null,
    correlationId: request.id,
    causationId: request.id,
    at: deps.clock(),
    ...(request.clientRequestId ? { clientRequestId: request.clientRequestId } : {}),
  };
}

/** Every command answers with the position of its last event, as a decimal string. */
export function positionOf(position: bigint | null): string | null {
  return position === null ? null : position.toString();
}

/** The later of two positions (either may be null), as the API's decimal string. */
export function laterPosition(...positions: (bigint | null | undefined)[]): string | null {
  let latest: bigint | null = null;
  for (const position of positions) if (position != null && (latest === null || position > latest)) latest = position;
  return latest === null ? null : latest.toString();
}
