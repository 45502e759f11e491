import { z } from 'zod';
import type { FactsOf } from '../events/envelope.ts';
import { ERASED_TEXT, personal } from '../events/personal.ts';
import { secret } from '../events/secret.ts';

/**
 * Events of the accounts area. Streams:
 * - `user-{userId}`: the account (profile, credentials, e-mail verification, avatar, role, sign-ins);
 * - `email-{sha256(lower-case email)}`: the reservation that makes an address unique (appended
 *   with expected version 'no_stream');
 * - `auth-session-{sessionId}`: one signed-in device (refresh-token rotation and revocation).
 *
 * Time is the envelope's `metadata.at`; data carries only domain times such as expiries.
 * Tokens (refresh, e-mail verification, password reset) appear only as SHA-256 hashes.
 */

export const userRoles = ['student', 'tutor', 'admin', 'parent'] as const;
export type UserRole = (typeof userRoles)[number];

export const userStreamId = (userId: string): string => `user-${userId}`;
export const authSessionStreamId = (sessionId: string): string => `auth-session-${sessionId}`;

const uuid = z.string().uuid();
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** Hashes of tokens and passwords never leave the event store (audit log, export): secret(). */
const tokenHash = secret(sha256Hex);
const isoTime = z.string().datetime({ offset: true });
const role = z.enum(userRoles);
/** What an erased person's address, names and ids read as (events/personal.ts). */
export const ERASED_EMAIL = 'deleted.user@erased.invalid';
export const ERASED_FIRST_NAME = 'Deleted';
export const ERASED_LAST_NAME = 'user';
export const NIL_USER_ID = '00000000-0000-0000-0000-000000000000';

const email = personal(z.string().min(3).max(254), ERASED_EMAIL);
const firstName = personal(z.string().min(1).max(50), ERASED_FIRST_NAME);
const lastName = personal(z.string().min(1).max(50), ERASED_LAST_NAME);
const gradeLevel = z.number().int().min(1).max(12);
/** An argon2id hash in PHC format. */
const passwordHash = personal(secret(z.string().startsWith('$argon2').max(256)), '');
/** A picture's address or file name: personal (an upload may show the person). */
const pictureText = (max: number) => personal(z.string().min(1).max(max), ERASED_TEXT);

const userRegisteredSchema = z.object({
  userId: uuid,
  email,
  firstName,
  lastName,
  role,
  gradeLevel: gradeLevel.nullable(),
  timezone: z.string().min(1).max(64),
  passwordHash,
  /** 'self-registration' always creates a student; 'demo-seed' creates the SPEC's test accounts. */
  source: z.enum(['self-registration', 'demo-seed']),
});

/** The user id too is sealed: once the person is erased, nothing ties the address's stream to their history. */
const emailAddressReservedSchema = z.object({ email, userId: personal(uuid, NIL_USER_ID) });

const emailVerificationRequestedSchema = z.object({
  userId: uuid,
  email,
  tokenId: uuid,
  tokenHash,
  expiresAt: isoTime,
});

const emailVerifiedSchema = z.object({
  userId: uuid,
  email,
  /** The link's token hash; null when verified another way. */
  tokenHash: tokenHash.nullable(),
  method: z.enum(['link', 'password-reset', 'demo-seed']),
});

const userSignedInSchema = z.object({
  userId: uuid,
  sessionId: uuid,
  method: z.enum(['password', 'registration']),
  absoluteExpiresAt: isoTime,
});

const signInFailedSchema = z.object({
  userId: uuid,
  reason: z.enum(['wrong-password']),
});

const authSessionStartedSchema = z.object({
  sessionId: uuid,
  userId: uuid,
  refreshTokenHash: tokenHash,
  /** The user's credentials version when the session started (bumped by password changes). */
  credentialsVersion: z.number().int().min(0),
  idleExpiresAt: isoTime,
  absoluteExpiresAt: isoTime,
  method: z.enum(['password', 'registration']),
});

const authSessionRefreshedSchema = z.object({
  sessionId: uuid,
  userId: uuid,
  previousTokenHash: tokenHash,
  refreshTokenHash: tokenHash,
  credentialsVersion: z.number().int().min(0),
  idleExpiresAt: isoTime,
  /** When the rotation happened (absent before the refresh grace window existed). */
  refreshedAt: isoTime.optional(),
});

const authSessionRevokeReasons = ['logout', 'refresh-token-reuse', 'password-changed', 'password-reset', 'account-erased'] as const;
export type AuthSessionRevokeReason = (typeof authSessionRevokeReasons)[number];

const authSessionRevokedSchema = z.object({
  sessionId: uuid,
  userId: uuid,
  reason: z.enum(authSessionRevokeReasons),
});

const passwordResetRequestedSchema = z.object({
  userId: uuid,
  tokenId: uuid,
  tokenHash,
  expiresAt: isoTime,
});

const passwordChangedSchema = z.object({
  userId: uuid,
  passwordHash,
  credentialsVersion: z.number().int().min(1),
  /** The session the change was made from: it stays signed in, every other session ends. */
  keptSessionId: uuid.nullable(),
});

const passwordResetSchema = z.object({
  userId: uuid,
  passwordHash,
  credentialsVersion: z.number().int().min(1),
  tokenHash,
});

const profileUpdatedSchema = z.object({
  userId: uuid,
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  gradeLevel: gradeLevel.nullable().optional(),
  timezone: z.string().min(1).max(64).optional(),
});

const avatarChosenSchema = z.object({
  userId: uuid,
  avatarId: pictureText(64),
  url: pictureText(200),
});

const avatarUploadedSchema = z.object({
  userId: uuid,
  url: pictureText(200),
  fileName: pictureText(200),
  originalName: personal(z.string().max(255), ERASED_TEXT),
  /** Decided by the file's bytes, not the declared type. */
  mimeType: z.enum(['image/jpeg', 'image/png', 'image/gif']),
  declaredMimeType: z.string().max(100),
  bytes: z.number().int().min(1),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});

const avatarRemovedSchema = z.object({
  userId: uuid,
  previousUrl: pictureText(200),
});

const userRoleChangedSchema = z.object({
  userId: uuid,
  role,
  previousRole: role,
  changedBy: uuid,
});

const emailKinds = ['email-verification', 'password-reset', 'password-changed', 'weekly-summary'] as const;

/**
 * The outbox: the mail reactor delivers each one once. Texts contain `{{link}}` where the
 * message's link goes; the reactor derives the link's token from `link.tokenId` and the server
 * secret, so no usable token is ever stored in an event.
 */
const emailRequestedSchema = z.object({
  messageId: uuid,
  userId: uuid,
  to: email,
  // A message names its reader: sealed like the address.
  subject: personal(z.string().min(1).max(200), ERASED_TEXT),
  text: personal(z.string().min(1).max(20_000), ERASED_TEXT),
  html: personal(z.string().min(1).max(50_000), ERASED_TEXT),
  kind: z.enum(emailKinds),
  link: z.object({ purpose: z.enum(['verify-email', 'reset-password', 'weekly-summary-opt-out']), tokenId: uuid }).nullable(),
});

/**
 * The account is closed and its personal data is to be destroyed (UK GDPR Art. 17): the person
 * themself, a linked parent for their child, or an admin answering a written request. From this
 * event on the account signs nobody in; the erasure reactor then ends its links, releases its
 * address and destroys its keys, and records PersonalDataErased (docs/personal-data.md).
 */
const userErasedSchema = z.object({
  userId: uuid,
  requestedBy: z.enum(['self', 'parent', 'admin']),
  erasedBy: uuid,
});

/** The keys of the account's personal data are destroyed: what its events held of the person reads as erased from now on. */
const personalDataErasedSchema = z.object({
  userId: uuid,
  keysDestroyed: z.number().int().min(0),
  uploadsDeleted: z.number().int().min(0),
});

/** The address may register again: its reservation was held by an erased account. */
const emailAddressReleasedSchema = z.object({ reason: z.enum(['account-erased']) });

/** A parent's weekly summary e-mail turned on or off (from settings, or the e-mail's one-click link). */
const weeklySummaryPreferenceChangedSchema = z.object({
  userId: uuid,
  enabled: z.boolean(),
  via: z.enum(['settings', 'email-link']),
});

/** The weekly summary of the week starting `weekStart` (a Monday, the parent's calendar) was queued as EmailRequested. */
const weeklySummaryRequestedSchema = z.object({
  userId: uuid,
  weekStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  messageId: uuid,
});

export const accountEventSchemas = {
  UserRegistered: userRegisteredSchema,
  EmailAddressReserved: emailAddressReservedSchema,
  EmailVerificationRequested: emailVerificationRequestedSchema,
  EmailVerified: emailVerifiedSchema,
  UserSignedIn: userSignedInSchema,
  SignInFailed: signInFailedSchema,
  AuthSessionStarted: authSessionStartedSchema,
  AuthSessionRefreshed: authSessionRefreshedSchema,
  AuthSessionRevoked: authSessionRevokedSchema,
  PasswordResetRequested: passwordResetRequestedSchema,
  PasswordChanged: passwordChangedSchema,
  PasswordReset: passwordResetSchema,
  ProfileUpdated: profileUpdatedSchema,
  AvatarChosen: avatarChosenSchema,
  AvatarUploaded: avatarUploadedSchema,
  AvatarRemoved: avatarRemovedSchema,
  UserRoleChanged: userRoleChangedSchema,
  EmailRequested: emailRequestedSchema,
  UserErased: userErasedSchema,
  PersonalDataErased: personalDataErasedSchema,
  EmailAddressReleased: emailAddressReleasedSchema,
  WeeklySummaryPreferenceChanged: weeklySummaryPreferenceChangedSchema,
  WeeklySummaryRequested: weeklySummaryRequestedSchema,
};

type Facts<T extends keyof typeof accountEventSchemas> = FactsOf<typeof accountEventSchemas, T>;

export type AvatarUploaded = Facts<'AvatarUploaded'>;
export type EmailRequested = Facts<'EmailRequested'>;
export type UserErased = Facts<'UserErased'>;

/** Events of the `user-{id}` stream. */
export type UserEvent = Facts<
  | 'UserRegistered'
  | 'EmailVerificationRequested'
  | 'EmailVerified'
  | 'UserSignedIn'
  | 'SignInFailed'
  | 'PasswordResetRequested'
  | 'PasswordChanged'
  | 'PasswordReset'
  | 'ProfileUpdated'
  | 'AvatarChosen'
  | 'AvatarUploaded'
  | 'AvatarRemoved'
  | 'UserRoleChanged'
  | 'EmailRequested'
  | 'UserErased'
  | 'PersonalDataErased'
  | 'WeeklySummaryPreferenceChanged'
  | 'WeeklySummaryRequested'
>;

/** Events of the `auth-session-{id}` stream. */
export type AuthSessionEvent = Facts<'AuthSessionStarted' | 'AuthSessionRefreshed' | 'AuthSessionRevoked'>;

/** Events of the `email-{hash}` stream. */
export type EmailReservationEvent = Facts<'EmailAddressReserved' | 'EmailAddressReleased'>;
