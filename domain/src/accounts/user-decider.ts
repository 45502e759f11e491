import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { findPredefinedAvatar, mayUploadAvatar } from './avatars.ts';
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from './emails.ts';
import type {
  AvatarUploaded,
  EmailRequested,
  UserEvent,
  UserRole,
} from './events.ts';
import { DEFAULT_TIME_ZONE } from './time-zones.ts';
import { MESSAGES, profileUpdateSchema } from './validation.ts';

/** The `user-{id}` stream: one account. Password checks (argon2) happen in the server before a command is sent. */

type UserAvatar =
  | { kind: 'predefined'; avatarId: string; url: string }
  | { kind: 'uploaded'; url: string; fileName: string };

interface PendingToken {
  tokenHash: string;
  expiresAt: string;
}

export interface UserState {
  exists: boolean;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  gradeLevel: number | null;
  timezone: string;
  timezoneSet: boolean;
  passwordHash: string;
  /** Bumped by every password change or reset; access tokens carry it as `ver`. */
  credentialsVersion: number;
  /** The session a password change was made from (it survives the change); null after a reset. */
  keptSessionId: string | null;
  isEmailVerified: boolean;
  verificationTokens: PendingToken[];
  usedVerificationTokens: string[];
  /** Only the latest reset link works. */
  resetToken: PendingToken | null;
  /** Reset tokens no longer usable: used ones and those replaced by a newer request. */
  spentResetTokens: Record<string, 'used' | 'replaced'>;
  /** Sessions started by sign-ins, with their absolute expiry (for revocation on a password change). */
  sessions: { sessionId: string; absoluteExpiresAt: string }[];
  avatar: UserAvatar | null;
  failedSignIns: number;
  /** The account was erased (UserErased): it signs nobody in and takes no command but the erasure's completion. */
  erased: boolean;
  /** Its personal data's keys are destroyed (PersonalDataErased). */
  personalDataErased: boolean;
  /** A parent's weekly summary e-mail: on unless turned off; the Monday of the last week sent. */
  weeklySummary: { enabled: boolean; lastWeekStart: string | null };
}

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      gradeLevel: number | null;
      /** Self-registration always passes 'student'; only the demo seeder passes other roles. */
      role: UserRole;
      passwordHash: string;
      source: 'self-registration' | 'demo-seed';
      /** Demo accounts start verified; everyone else gets a verification e-mail. */
      verification: { tokenId: string; tokenHash: string; expiresAt: string; messageId: string } | 'pre-verified';
      /** The first session, when registration signs the person in. */
      session: { sessionId: string; absoluteExpiresAt: string } | null;
    }
  | { type: 'RecordSignIn'; sessionId: string; absoluteExpiresAt: string }
  | { type: 'RecordSignInFailure' }
  | { type: 'RequestEmailVerification'; tokenId: string; tokenHash: string; expiresAt: string; messageId: string }
  | { type: 'VerifyEmail'; tokenHash: string; at: string }
  | { type: 'RequestPasswordReset'; tokenId: string; tokenHash: string; expiresAt: string; messageId: string }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; at: string }
  | { type: 'ChangePassword'; passwordHash: string; keptSessionId: string | null; messageId: string }
  /**
   * `currentGradeLevel`: the grade in effect when it differs from the stream's (a placement check
   * finished after the profile's grade was set, `gradeInEffect`): a grade chosen is compared with it.
   */
  | { type: 'UpdateProfile'; changes: Record<string, unknown>; currentGradeLevel?: number | null }
  | { type: 'ChooseAvatar'; avatarUrl: string }
  | {
      type: 'UploadAvatar';
      url: string;
      fileName: string;
      originalName: string;
      mimeType: AvatarUploaded['data']['mimeType'];
      declaredMimeType: string;
      bytes: number;
      width: number;
      height: number;
    }
  | { type: 'RemoveAvatar' }
  | { type: 'ChangeRole'; role: UserRole; changedBy: string }
  /** Who asked is checked by the server (password re-entered; a linked parent; an admin). */
  | { type: 'EraseAccount'; requestedBy: 'self' | 'parent' | 'admin'; erasedBy: string }
  | { type: 'RecordPersonalDataErased'; keysDestroyed: number; uploadsDeleted: number }
  | { type: 'SetWeeklySummary'; enabled: boolean; via: 'settings' | 'email-link' }
  | { type: 'RequestWeeklySummary'; weekStart: string; messageId: string; content: { subject: string; text: string; html: string } };

export const TOKEN_MESSAGES = {
  verificationInvalid: 'This verification link is invalid. Please request a new one from your profile.',
  verificationExpired: 'This verification link has expired. Please request a new one from your profile.',
  verificationUsed: 'This verification link has already been used. Your email address is verified.',
  alreadyVerified: 'Your email address is already verified.',
  resetInvalid: 'This password reset link is invalid. Please request a new one.',
  resetExpired: 'This password reset link has expired. Please request a new one.',
  resetUsed: 'This password reset link has already been used. Please request a new one.',
  resetReplaced: 'This password reset link has been replaced by a newer one. Please use the link in the latest email.',
} as const;

export const USER_MESSAGES = {
  notFound: 'User not found',
  alreadyRegistered: 'This account already exists.',
  avatarNotPredefined: 'Please choose one of the predefined avatars.',
  uploadNotAllowed: 'Only tutors and admins can upload a custom avatar.',
  removeNotAllowed: 'Only tutors and admins can remove a custom avatar.',
  ownRole: 'You cannot change your own role.',
  erased: 'This account has been deleted.',
  summaryParentsOnly: 'Weekly summaries are for parent accounts.',
} as const;

const initialState = (): UserState => ({
  exists: false,
  userId: '',
  email: '',
  firstName: '',
  lastName: '',
  role: 'student',
  gradeLevel: null,
  timezone: DEFAULT_TIME_ZONE,
  timezoneSet: false,
  passwordHash: '',
  credentialsVersion: 0,
  keptSessionId: null,
  isEmailVerified: false,
  verificationTokens: [],
  usedVerificationTokens: [],
  resetToken: null,
  spentResetTokens: {},
  sessions: [],
  avatar: null,
  failedSignIns: 0,
  erased: false,
  personalDataErased: false,
  weeklySummary: { enabled: true, lastWeekStart: null },
});

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        userId: d.userId,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        role: d.role,
        gradeLevel: d.gradeLevel,
        timezone: d.timezone,
        passwordHash: d.passwordHash,
      };
    }
    case 'EmailVerificationRequested':
      return { ...state, verificationTokens: [...state.verificationTokens, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }] };
    case 'EmailVerified':
      return {
        ...state,
        isEmailVerified: true,
        verificationTokens: [],
        usedVerificationTokens: [
          ...state.usedVerificationTokens,
          ...state.verificationTokens.map((token) => token.tokenHash),
        ],
      };
    case 'UserSignedIn':
      return {
        ...state,
        failedSignIns: 0,
        sessions: [...state.sessions, { sessionId: event.data.sessionId, absoluteExpiresAt: event.data.absoluteExpiresAt }],
      };
    case 'SignInFailed':
      return { ...state, failedSignIns: state.failedSignIns + 1 };
    case 'PasswordResetRequested': {
      const spent = { ...state.spentResetTokens };
      if (state.resetToken) spent[state.resetToken.tokenHash] = 'replaced';
      return { ...state, resetToken: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }, spentResetTokens: spent };
    }
    case 'PasswordChanged':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        credentialsVersion: event.data.credentialsVersion,
        keptSessionId: event.data.keptSessionId,
      };
    case 'PasswordReset':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        credentialsVersion: event.data.credentialsVersion,
        keptSessionId: null,
        resetToken: null,
        spentResetTokens: { ...state.spentResetTokens, [event.data.tokenHash]: 'used' },
      };
    case 'ProfileUpdated': {
      const d = event.data;
      return {
        ...state,
        ...(d.firstName !== undefined ? { firstName: d.firstName } : {}),
        ...(d.lastName !== undefined ? { lastName: d.lastName } : {}),
        ...(d.gradeLevel !== undefined ? { gradeLevel: d.gradeLevel } : {}),
        ...(d.timezone !== undefined ? { timezone: d.timezone, timezoneSet: true } : {}),
      };
    }
    case 'AvatarChosen':
      return { ...state, avatar: { kind: 'predefined', avatarId: event.data.avatarId, url: event.data.url } };
    case 'AvatarUploaded':
      return { ...state, avatar: { kind: 'uploaded', url: event.data.url, fileName: event.data.fileName } };
    case 'AvatarRemoved':
      return { ...state, avatar: null };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'EmailRequested':
      return state;
    case 'UserErased':
      // Nothing of the person stays in the state: what the account still answers is that it is gone.
      return { ...initialState(), userId: state.userId, role: state.role, erased: true };
    case 'PersonalDataErased':
      return { ...state, personalDataErased: true };
    case 'WeeklySummaryPreferenceChanged':
      return { ...state, weeklySummary: { ...state.weeklySummary, enabled: event.data.enabled } };
    case 'WeeklySummaryRequested':
      return { ...state, weeklySummary: { ...state.weeklySummary, lastWeekStart: event.data.weekStart } };
  }
}

function requireUser(state: UserState) {
  if (!state.exists) throw new DomainError('NOT_FOUND', state.erased ? USER_MESSAGES.erased : USER_MESSAGES.notFound);
}

function email(state: UserState, messageId: string, kind: EmailRequested['data']['kind'], link: EmailRequested['data']['link']): EmailRequested {
  const content =
    kind === 'email-verification'
      ? verificationEmail(state.firstName)
      : kind === 'password-reset'
        ? passwordResetEmail(state.firstName)
        : passwordChangedEmail(state.firstName);
  return { type: 'EmailRequested', data: { messageId, userId: state.userId, to: state.email, ...content, kind, link } };
}

const expired = (token: PendingToken, at: string) => Date.parse(at) >= Date.parse(token.expiresAt);

function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.exists || state.erased) throw new DomainError('CONFLICT', USER_MESSAGES.alreadyRegistered);
    const c = command;
    const registered: UserEvent = {
      type: 'UserRegistered',
      data: {
        userId: c.userId,
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        role: c.role,
        gradeLevel: c.gradeLevel,
        timezone: DEFAULT_TIME_ZONE,
        passwordHash: c.passwordHash,
        source: c.source,
      },
    };
    const next = evolve(state, registered);
    const events: UserEvent[] = [registered];
    if (c.verification === 'pre-verified') {
      events.push({ type: 'EmailVerified', data: { userId: c.userId, email: c.email, tokenHash: null, method: 'demo-seed' } });
    } else {
      const v = c.verification;
      events.push(
        { type: 'EmailVerificationRequested', data: { userId: c.userId, email: c.email, tokenId: v.tokenId, tokenHash: v.tokenHash, expiresAt: v.expiresAt } },
        email(next, v.messageId, 'email-verification', { purpose: 'verify-email', tokenId: v.tokenId }),
      );
    }
    if (c.session) {
      events.push({
        type: 'UserSignedIn',
        data: { userId: c.userId, sessionId: c.session.sessionId, method: 'registration', absoluteExpiresAt: c.session.absoluteExpiresAt },
      });
    }
    return events;
  }

  if (command.type === 'RecordPersonalDataErased') {
    if (!state.erased) throw new DomainError('CONFLICT', 'Only an erased account has its personal data erased.');
    if (state.personalDataErased) return [];
    return [{ type: 'PersonalDataErased', data: { userId: state.userId, keysDestroyed: command.keysDestroyed, uploadsDeleted: command.uploadsDeleted } }];
  }
  requireUser(state);
  switch (command.type) {
    case 'RecordSignIn':
      return [
        {
          type: 'UserSignedIn',
          data: { userId: state.userId, sessionId: command.sessionId, method: 'password', absoluteExpiresAt: command.absoluteExpiresAt },
        },
      ];

    case 'RecordSignInFailure':
      return [{ type: 'SignInFailed', data: { userId: state.userId, reason: 'wrong-password' } }];

    case 'RequestEmailVerification':
      if (state.isEmailVerified) throw new DomainError('VALIDATION_FAILED', TOKEN_MESSAGES.alreadyVerified);
      return [
        {
          type: 'EmailVerificationRequested',
          data: { userId: state.userId, email: state.email, tokenId: command.tokenId, tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
        email(state, command.messageId, 'email-verification', { purpose: 'verify-email', tokenId: command.tokenId }),
      ];

    case 'VerifyEmail': {
      const used = state.usedVerificationTokens.includes(command.tokenHash);
      // A link opened again (or an older one) once the address is verified: nothing to do, and no error.
      if (state.isEmailVerified && (used || state.verificationTokens.some((candidate) => candidate.tokenHash === command.tokenHash))) return [];
      if (used) throw new DomainError('GONE', TOKEN_MESSAGES.verificationUsed);
      const token = state.verificationTokens.find((candidate) => candidate.tokenHash === command.tokenHash);
      if (!token) throw new DomainError('VALIDATION_FAILED', TOKEN_MESSAGES.verificationInvalid);
      if (expired(token, command.at)) throw new DomainError('GONE', TOKEN_MESSAGES.verificationExpired);
      return [{ type: 'EmailVerified', data: { userId: state.userId, email: state.email, tokenHash: command.tokenHash, method: 'link' } }];
    }

    case 'RequestPasswordReset':
      return [
        {
          type: 'PasswordResetRequested',
          data: { userId: state.userId, tokenId: command.tokenId, tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
        email(state, command.messageId, 'password-reset', { purpose: 'reset-password', tokenId: command.tokenId }),
      ];

    case 'ResetPassword': {
      const problem = resetLinkProblem(state, command.tokenHash, command.at);
      if (problem) throw problem;
      const events: UserEvent[] = [
        {
          type: 'PasswordReset',
          data: { userId: state.userId, passwordHash: command.passwordHash, credentialsVersion: state.credentialsVersion + 1, tokenHash: command.tokenHash },
        },
      ];
      // Opening a link sent to the address proves the address works.
      if (!state.isEmailVerified) {
        events.push({ type: 'EmailVerified', data: { userId: state.userId, email: state.email, tokenHash: null, method: 'password-reset' } });
      }
      return events;
    }

    case 'ChangePassword':
      return [
        {
          type: 'PasswordChanged',
          data: {
            userId: state.userId,
            passwordHash: command.passwordHash,
            credentialsVersion: state.credentialsVersion + 1,
            keptSessionId: command.keptSessionId,
          },
        },
        email(state, command.messageId, 'password-changed', null),
      ];

    case 'UpdateProfile': {
      const parsed = profileUpdateSchema.safeParse(command.changes);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
        const messages = [...new Set(Object.values(fields))];
        throw new DomainError('VALIDATION_FAILED', messages.length === 1 ? messages[0]! : 'Please fix the following errors:', fields);
      }
      const changes = parsed.data;
      const data: Extract<UserEvent, { type: 'ProfileUpdated' }>['data'] = { userId: state.userId };
      if (changes.firstName !== undefined && changes.firstName !== state.firstName) data.firstName = changes.firstName;
      if (changes.lastName !== undefined && changes.lastName !== state.lastName) data.lastName = changes.lastName;
      const gradeLevel = command.currentGradeLevel !== undefined ? command.currentGradeLevel : state.gradeLevel;
      if (changes.gradeLevel !== undefined && changes.gradeLevel !== gradeLevel) data.gradeLevel = changes.gradeLevel;
      if (changes.timezone !== undefined && (changes.timezone !== state.timezone || !state.timezoneSet)) data.timezone = changes.timezone;
      return Object.keys(data).length > 1 ? [{ type: 'ProfileUpdated', data }] : [];
    }

    case 'ChooseAvatar': {
      const option = findPredefinedAvatar(command.avatarUrl);
      if (!option || option.url !== command.avatarUrl) throw new DomainError('VALIDATION_FAILED', USER_MESSAGES.avatarNotPredefined, { avatarUrl: USER_MESSAGES.avatarNotPredefined });
      if (state.avatar?.kind === 'predefined' && state.avatar.avatarId === option.id) return [];
      return [{ type: 'AvatarChosen', data: { userId: state.userId, avatarId: option.id, url: option.url } }];
    }

    case 'UploadAvatar': {
      if (!mayUploadAvatar(state.role)) {
        throw new DomainError('FORBIDDEN', state.role === 'student' ? MESSAGES.studentsPredefinedOnly : USER_MESSAGES.uploadNotAllowed);
      }
      const { type: _type, ...data } = command;
      return [{ type: 'AvatarUploaded', data: { userId: state.userId, ...data } }];
    }

    case 'RemoveAvatar':
      if (!mayUploadAvatar(state.role)) {
        throw new DomainError('FORBIDDEN', state.role === 'student' ? MESSAGES.studentsPredefinedOnly : USER_MESSAGES.removeNotAllowed);
      }
      if (!state.avatar) return [];
      return [{ type: 'AvatarRemoved', data: { userId: state.userId, previousUrl: state.avatar.url } }];

    case 'ChangeRole':
      if (command.changedBy === state.userId) throw new DomainError('VALIDATION_FAILED', USER_MESSAGES.ownRole);
      if (command.role === state.role) return [];
      return [{ type: 'UserRoleChanged', data: { userId: state.userId, role: command.role, previousRole: state.role, changedBy: command.changedBy } }];

    case 'EraseAccount':
      return [{ type: 'UserErased', data: { userId: state.userId, requestedBy: command.requestedBy, erasedBy: command.erasedBy } }];

    case 'SetWeeklySummary':
      if (state.role !== 'parent') throw new DomainError('FORBIDDEN', USER_MESSAGES.summaryParentsOnly);
      if (command.enabled === state.weeklySummary.enabled) return [];
      return [{ type: 'WeeklySummaryPreferenceChanged', data: { userId: state.userId, enabled: command.enabled, via: command.via } }];

    case 'RequestWeeklySummary':
      // One summary a week, whichever process asks first; none once turned off.
      if (state.role !== 'parent' || !state.weeklySummary.enabled) return [];
      if (state.weeklySummary.lastWeekStart !== null && state.weeklySummary.lastWeekStart >= command.weekStart) return [];
      return [
        { type: 'WeeklySummaryRequested', data: { userId: state.userId, weekStart: command.weekStart, messageId: command.messageId } },
        {
          type: 'EmailRequested',
          data: {
            messageId: command.messageId,
            userId: state.userId,
            to: state.email,
            ...command.content,
            kind: 'weekly-summary',
            // One opt-out link per parent (its token id is theirs): it only ever turns the summary off.
            link: { purpose: 'weekly-summary-opt-out', tokenId: state.userId },
          },
        },
      ];
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, evolve, decide };

/**
 * Why a password reset link cannot be used (used, replaced by a newer one, unknown, expired), or
 * null when it can: checked when the reset page opens and again when the new password is sent.
 */
export function resetLinkProblem(state: UserState, tokenHash: string, at: string): DomainError | null {
  const spent = state.spentResetTokens[tokenHash];
  if (spent === 'used') return new DomainError('GONE', TOKEN_MESSAGES.resetUsed);
  if (spent === 'replaced') return new DomainError('GONE', TOKEN_MESSAGES.resetReplaced);
  if (!state.resetToken || state.resetToken.tokenHash !== tokenHash) return new DomainError('VALIDATION_FAILED', TOKEN_MESSAGES.resetInvalid);
  if (expired(state.resetToken, at)) return new DomainError('GONE', TOKEN_MESSAGES.resetExpired);
  return null;
}

/** Sessions a password change or reset should end: listed, not yet past their absolute expiry, other than the kept one. */
export function sessionsToEnd(state: UserState, at: string, keep: string | null): string[] {
  return state.sessions
    .filter((session) => session.sessionId !== keep && Date.parse(session.absoluteExpiresAt) > Date.parse(at))
    .map((session) => session.sessionId);
}
