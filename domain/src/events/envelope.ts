import { z } from 'zod';

/** Metadata every event carries. `at` is the only source of time for deciders and projections. */
const eventMetadataSchema = z.object({
  actorId: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  at: z.string().datetime({ offset: true }),
  schemaVersion: z.number().int().positive(),
  /**
   * The X-Request-Id the caller sent, kept as a label only: `correlationId` is always the
   * server's, so no client can file its events under someone else's request.
   */
  clientRequestId: z.string().max(64).optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** An event about to be appended. `id` is the idempotency key. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/** An event as stored: stream version starts at 1; position is global and grows with every append. */
export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  version: number;
  position: bigint;
}

/** Event data as deciders produce it, before ids and metadata are attached by the command pipeline. */
export interface EventFact<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * The event facts of some of a module's types, from its data schemas by type: one
 * `{ type, data }` per type, as a union (all the module's types when none are named).
 */
export type FactsOf<Schemas extends Record<string, z.ZodType>, Types extends keyof Schemas & string = keyof Schemas & string> = {
  [T in Types]: { type: T; data: z.infer<Schemas[T]> };
}[Types];
