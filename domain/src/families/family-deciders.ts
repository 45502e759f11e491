import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { MAX_CHILDREN_PER_PARENT, type FamilyCodesEvent, type ParentEvent } from './events.ts';

export const FAMILY_MESSAGES = {
  codeUnknown: 'That code is not right. Check it, or ask your child for a new one (they make it on their Profile page).',
  codeReplaced: 'That code has been replaced by a newer one. Please use the newest code.',
  codeUsed: 'That code has already been used. Ask your child to make a new one.',
  codeExpired: 'That code has expired (codes last 24 hours). Ask your child to make a new one.',
  alreadyLinked: 'This child is already linked to your account.',
  tooManyChildren: `You can link up to ${MAX_CHILDREN_PER_PARENT} children to one parent account.`,
  notLinked: 'This child is not linked to your account.',
  parentNotLinked: 'That grown-up is not linked to your account.',
} as const;

/** The newest link code of a child (only it works). */
export interface FamilyCodesState {
  latest: { codeHash: string; expiresAt: string; redeemedBy: string | null } | null;
}

export type FamilyCodesCommand =
  | { type: 'CreateLinkCode'; childId: string; codeHash: string; expiresAt: string; createdBy: string }
  | { type: 'RedeemLinkCode'; childId: string; codeHash: string; parentId: string; at: string };

/** `family-codes-{childId}`: a code works once, for 24 hours, and only while it is the newest. */
export const familyCodesDecider: Decider<FamilyCodesState, FamilyCodesCommand, FamilyCodesEvent> = {
  initialState: () => ({ latest: null }),
  evolve: (state, event) => {
    if (event.type === 'FamilyLinkCodeCreated') return { latest: { codeHash: event.data.codeHash, expiresAt: event.data.expiresAt, redeemedBy: null } };
    return state.latest?.codeHash === event.data.codeHash ? { latest: { ...state.latest, redeemedBy: event.data.parentId } } : state;
  },
  decide: (command, state) => {
    if (command.type === 'CreateLinkCode') {
      const { type: _type, ...data } = command;
      return [{ type: 'FamilyLinkCodeCreated', data }];
    }
    const latest = state.latest;
    if (!latest) throw new DomainError('VALIDATION_FAILED', FAMILY_MESSAGES.codeUnknown, { code: FAMILY_MESSAGES.codeUnknown });
    if (latest.codeHash !== command.codeHash) throw new DomainError('GONE', FAMILY_MESSAGES.codeReplaced, { code: FAMILY_MESSAGES.codeReplaced });
    if (latest.redeemedBy !== null) throw new DomainError('GONE', FAMILY_MESSAGES.codeUsed, { code: FAMILY_MESSAGES.codeUsed });
    if (Date.parse(command.at) >= Date.parse(latest.expiresAt)) throw new DomainError('GONE', FAMILY_MESSAGES.codeExpired, { code: FAMILY_MESSAGES.codeExpired });
    return [{ type: 'FamilyLinkCodeRedeemed', data: { childId: command.childId, codeHash: command.codeHash, parentId: command.parentId } }];
  },
};

/** The children a parent is linked to, in the order they were linked. */
export interface ParentState {
  children: string[];
}

export type ParentCommand =
  | { type: 'LinkChild'; parentId: string; childId: string }
  | { type: 'UnlinkChild'; parentId: string; childId: string; by: 'parent' | 'child' | 'erasure' };

/** `parent-{parentId}`: at most 3 children; every link and unlink is an event, and access follows them. */
export const parentDecider: Decider<ParentState, ParentCommand, ParentEvent> = {
  initialState: () => ({ children: [] }),
  evolve: (state, event) =>
    event.type === 'ChildLinked'
      ? { children: [...state.children.filter((id) => id !== event.data.childId), event.data.childId] }
      : { children: state.children.filter((id) => id !== event.data.childId) },
  decide: (command, state) => {
    const linked = state.children.includes(command.childId);
    if (command.type === 'LinkChild') {
      if (linked) throw new DomainError('CONFLICT', FAMILY_MESSAGES.alreadyLinked);
      if (state.children.length >= MAX_CHILDREN_PER_PARENT) throw new DomainError('CONFLICT', FAMILY_MESSAGES.tooManyChildren);
      return [{ type: 'ChildLinked', data: { parentId: command.parentId, childId: command.childId } }];
    }
    if (!linked) {
      // An erasure ends whatever links are left: one already gone is nothing to do.
      if (command.by === 'erasure') return [];
      throw new DomainError('NOT_FOUND', command.by === 'child' ? FAMILY_MESSAGES.parentNotLinked : FAMILY_MESSAGES.notLinked);
    }
    return [{ type: 'ChildUnlinked', data: { parentId: command.parentId, childId: command.childId, by: command.by } }];
  },
};

/** The letters of a link code: no 0/O, 1/I/L or U, so it reads and types without mistakes. */
export const LINK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const LINK_CODE_LENGTH = 8;

/** A code as typed (any case, spaces or a dash between the halves) in its canonical form, or null if it cannot be one. */
export function normaliseLinkCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return code.length === LINK_CODE_LENGTH && [...code].every((letter) => LINK_CODE_ALPHABET.includes(letter)) ? code : null;
}

/** How a code is shown: two groups of four ("7KQM-4X2P"). */
export const formatLinkCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;
