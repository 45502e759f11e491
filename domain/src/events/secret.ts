import { z } from 'zod';

/**
 * Marks a field of an event schema as a secret (password hashes, token hashes): the audit log,
 * the admin API and the NDJSON export never show its value (events/redaction.ts). Redaction
 * follows the schemas, so a new secret field is covered by marking it where it is declared.
 */
export function secret<T extends z.ZodType>(schema: T): T {
  return schema.meta({ ...z.globalRegistry.get(schema), secret: true }) as T;
}

export function isSecret(schema: z.ZodType): boolean {
  return z.globalRegistry.get(schema)?.secret === true;
}
