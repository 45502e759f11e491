import { describe, expect, test } from 'vitest';
import { given } from '../testing/decider-spec.ts';
import type { FamilyCodesEvent, ParentEvent } from './events.ts';
import { FAMILY_MESSAGES, familyCodesDecider, formatLinkCode, normaliseLinkCode, parentDecider } from './family-deciders.ts';

const child = '11111111-1111-4111-8111-111111111111';
const parent = '22222222-2222-4222-8222-222222222222';
const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
const created = (codeHash: string, expiresAt = '2026-05-05T08:00:00.000Z'): FamilyCodesEvent => ({ type: 'FamilyLinkCodeCreated', data: { childId: child, codeHash, expiresAt, createdBy: child } });
const redeem = (codeHash: string, at = '2026-05-04T12:00:00.000Z') => ({ type: 'RedeemLinkCode' as const, childId: child, codeHash, parentId: parent, at });
const linked = (childId: string): ParentEvent => ({ type: 'ChildLinked', data: { parentId: parent, childId } });

describe('a child’s link codes', () => {
  test('given a fresh code, when a parent redeems it within 24 hours, then it is spent', () => {
    given(familyCodesDecider, [created(a)]).when(redeem(a)).then([{ type: 'FamilyLinkCodeRedeemed', data: { childId: child, codeHash: a, parentId: parent } }]);
  });
  test('given a spent, expired or replaced code, when redeemed, then 410 with a sentence a parent understands', () => {
    const spent: FamilyCodesEvent = { type: 'FamilyLinkCodeRedeemed', data: { childId: child, codeHash: a, parentId: parent } };
    given(familyCodesDecider, [created(a), spent]).when(redeem(a)).thenThrows('GONE', FAMILY_MESSAGES.codeUsed);
    given(familyCodesDecider, [created(a)]).when(redeem(a, '2026-05-05T08:00:00.000Z')).thenThrows('GONE', FAMILY_MESSAGES.codeExpired);
    given(familyCodesDecider, [created(a), created(b)]).when(redeem(a)).thenThrows('GONE', FAMILY_MESSAGES.codeReplaced);
    given(familyCodesDecider, []).when(redeem(a)).thenThrows('VALIDATION_FAILED', FAMILY_MESSAGES.codeUnknown);
  });
  test('codes are typed in any case, with a dash or spaces, and never hold look-alike letters', () => {
    expect(normaliseLinkCode(' 7kqm-4x2p ')).toBe('7KQM4X2P');
    expect(normaliseLinkCode('7KQM 4X2P')).toBe('7KQM4X2P');
    expect(normaliseLinkCode('7KQM-4X20')).toBeNull();
    expect(normaliseLinkCode('7KQM4X2')).toBeNull();
    expect(formatLinkCode('7KQM4X2P')).toBe('7KQM-4X2P');
  });
});

describe('a parent’s children', () => {
  const others = ['33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555'];
  test('given up to 2 children, when a third is linked, then it is; a fourth is refused (family sharing: 3)', () => {
    given(parentDecider, [linked(others[0]!), linked(others[1]!)]).when({ type: 'LinkChild', parentId: parent, childId: child }).then([linked(child)]);
    given(parentDecider, others.map(linked)).when({ type: 'LinkChild', parentId: parent, childId: child }).thenThrows('CONFLICT', FAMILY_MESSAGES.tooManyChildren);
  });
  test('given a linked child, when linked again, then 409; when either side unlinks, then the link ends; an unlink frees a place', () => {
    given(parentDecider, [linked(child)]).when({ type: 'LinkChild', parentId: parent, childId: child }).thenThrows('CONFLICT', FAMILY_MESSAGES.alreadyLinked);
    given(parentDecider, [linked(child)]).when({ type: 'UnlinkChild', parentId: parent, childId: child, by: 'child' }).then([{ type: 'ChildUnlinked', data: { parentId: parent, childId: child, by: 'child' } }]);
    const unlinked: ParentEvent = { type: 'ChildUnlinked', data: { parentId: parent, childId: others[0]!, by: 'parent' } };
    given(parentDecider, [...others.map(linked), unlinked]).when({ type: 'LinkChild', parentId: parent, childId: child }).then([linked(child)]);
  });
  test('given no link, when a person unlinks, then 404; when an erasure ends links, then nothing to do', () => {
    given(parentDecider, []).when({ type: 'UnlinkChild', parentId: parent, childId: child, by: 'child' }).thenThrows('NOT_FOUND', FAMILY_MESSAGES.parentNotLinked);
    given(parentDecider, []).when({ type: 'UnlinkChild', parentId: parent, childId: child, by: 'erasure' }).then([]);
  });
});
