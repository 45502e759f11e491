import { z } from 'zod';

/**
 * Personal data in events (DESIGN §9, docs/personal-data.md). A field marked `personal()` holds
 * something about a person (a name, an e-mail address, a picture, free text they wrote): it is
 * stored sealed with a key of the person it is about, kept outside the event store, so erasing the
 * person destroys the key and every copy of the field with it (crypto-shredding). `erased` is what
 * readers see once the key is gone: a value of the field's own shape, so a replay after an
 * erasure folds and projects as any other.
 */
export function personal<T extends z.ZodType>(schema: T, erased: z.output<T>): T {
  // .meta() registers a new schema: keep an earlier mark (secret()) beside this one.
  return schema.meta({ ...z.globalRegistry.get(schema), personal: { erased } }) as T;
}

export interface PersonalMark {
  erased: unknown;
}

export function personalMarkOf(schema: z.ZodType): PersonalMark | undefined {
  return z.globalRegistry.get(schema)?.personal as PersonalMark | undefined;
}

/** What readers see in place of text of an erased person. */
export const ERASED_TEXT = '[erased]';
/** What exports for analysts show in place of any personal field: they never need who. */
export const PERSONAL_DATA_HIDDEN = '[personal data]';
