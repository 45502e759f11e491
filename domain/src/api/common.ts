import { z } from 'zod';

/**
 * The shapes the APIs answer with (docs/conventions.md "Responses"): one zod schema per answer,
 * declared by its route as `schema.response`. Fastify serialises every answer by it
 * (fastify-type-provider-zod's serializerCompiler, set in api-kit's createApiServer): a field the
 * schema does not name is dropped, so nothing a handler happens to hold (a problem's answer, a
 * token hash) can leave by accident, and an answer that does not fit its schema is a logged 500.
 *
 * These schemas describe the wire, not the rules of the domain: ids, times and texts are plain
 * strings (no length or format checks on the way out), and enums only where the values are the
 * domain's own. The web imports the types (`import type`), never the schemas, so the landing page
 * carries no zod. Types are `z.input` of the schemas: what the serializer's encode produces, the
 * JSON as sent (they differ from `z.infer` only for `withheld()` fields).
 */

/** An event-store position as a decimal string (a bigint does not fit a JSON number). */
export const position = z.string();
/** The position of the command's last event; null when it appended nothing (already done). */
export const commandPosition = position.nullable();
/** An ISO 8601 time (`2026-03-01T09:00:00.000Z`, or PostgreSQL's `2026-03-01 09:00:00+00` from a read model). */
export const isoTime = z.string();
/** A local calendar date, `YYYY-MM-DD`. */
export const localDate = z.string();

/**
 * A field a response always carries as null, whatever the handler put there: the answer of a
 * problem not answered yet. The key stays (clients saw `null` before the schema existed); its
 * value can never be anything else.
 */
export const withheld = () => z.codec(z.null(), z.unknown(), { decode: () => null, encode: () => null });

/** The error body of every 4xx/5xx (api-kit/src/errors.ts). */
export const errorBody = z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() });

/** A command that answers with its position only. */
export const positionResponse = z.object({ position: commandPosition });
export type PositionResponse = z.input<typeof positionResponse>;

/** A command that answers with a sentence for the person and its position. */
export const messageResponse = z.object({ message: z.string(), position: commandPosition });

/** Page-number paging of the problem bank and the admin lists (SPEC §3 pagination). */
export const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), hasPrevious: z.boolean(), hasNext: z.boolean() });
export type Pagination = z.input<typeof pagination>;
/** The admin user table's paging, with the number of pages. */
export const pagesPagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number(), hasPrevious: z.boolean(), hasNext: z.boolean() });
