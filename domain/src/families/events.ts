import { z } from 'zod';
import type { FactsOf } from '../events/envelope.ts';
import { secret } from '../events/secret.ts';

/**
 * Families (DESIGN §9 "Classes and families are streams like the rest"). Streams:
 * - `family-codes-{childId}`: the one-time link codes a child makes (or their tutor makes for them);
 *   only the newest works, once, for 24 hours;
 * - `family-code-{digest}`: a code's reservation (appended with 'no_stream' beside its creation,
 *   so no two children share a code); it names the child. The digest is an HMAC keyed with the
 *   server's secret, so a stream name in an export cannot be turned back into a live code;
 * - `parent-{parentId}`: the children a parent is linked to (at most 3, SPEC §6 family sharing).
 * Codes appear only as those digests, and the audit and exports hide even them (secret()). Time is the envelope's metadata.at.
 */

export const familyCodesStreamId = (childId: string): string => `family-codes-${childId}`;
export const familyCodeStreamId = (codeHash: string): string => `family-code-${codeHash}`;
export const parentStreamId = (parentId: string): string => `parent-${parentId}`;

/** SPEC §6: Full Access allows family sharing for up to 3 students. */
export const MAX_CHILDREN_PER_PARENT = 3;
export const LINK_CODE_TTL_MS = 24 * 60 * 60 * 1000;

const uuid = z.string().uuid();
const sha256Hex = secret(z.string().regex(/^[0-9a-f]{64}$/));

const familyLinkCodeCreatedSchema = z.object({
  childId: uuid,
  codeHash: sha256Hex,
  expiresAt: z.string().datetime({ offset: true }),
  /** The child, or their tutor. */
  createdBy: uuid,
});
const familyLinkCodeReservedSchema = z.object({ childId: uuid, codeHash: sha256Hex });
const familyLinkCodeRedeemedSchema = z.object({ childId: uuid, codeHash: sha256Hex, parentId: uuid });
const childLinkedSchema = z.object({ parentId: uuid, childId: uuid });
const childUnlinkedSchema = z.object({
  parentId: uuid,
  childId: uuid,
  /** Who ended the link: the parent, the child, or the erasure of either account. */
  by: z.enum(['parent', 'child', 'erasure']),
});

export const familyEventSchemas = {
  FamilyLinkCodeCreated: familyLinkCodeCreatedSchema,
  FamilyLinkCodeReserved: familyLinkCodeReservedSchema,
  FamilyLinkCodeRedeemed: familyLinkCodeRedeemedSchema,
  ChildLinked: childLinkedSchema,
  ChildUnlinked: childUnlinkedSchema,
};

export type FamilyLinkCodeReserved = FactsOf<typeof familyEventSchemas, 'FamilyLinkCodeReserved'>;
export type FamilyCodesEvent = FactsOf<typeof familyEventSchemas, 'FamilyLinkCodeCreated' | 'FamilyLinkCodeRedeemed'>;
export type ParentEvent = FactsOf<typeof familyEventSchemas, 'ChildLinked' | 'ChildUnlinked'>;
