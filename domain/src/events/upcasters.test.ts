import { describe, expect, it } from 'vitest';
import type { EventMetadata } from './envelope.ts';
import { newEvent } from './new-event.ts';
import { currentSchemaVersion, upcast } from './upcasters.ts';

const metadata = (schemaVersion: number): EventMetadata => ({
  actorId: null,
  correlationId: 'request-1',
  causationId: 'request-1',
  at: '2026-05-01T08:00:00.000Z',
  schemaVersion,
});
const refreshed = { sessionId: crypto.randomUUID(), userId: crypto.randomUUID(), previousTokenHash: 'a'.repeat(64), refreshTokenHash: 'b'.repeat(64), credentialsVersion: 0, idleExpiresAt: '2026-05-31T08:00:00.000Z' };

describe('upcasters: old events read in today\'s shape', () => {
  it('given an AuthSessionRefreshed v1 without refreshedAt, when read, then it is v2 with refreshedAt = the time it was written', () => {
    const event = upcast({ type: 'AuthSessionRefreshed', data: refreshed, metadata: metadata(1) });
    expect(event.data).toEqual({ ...refreshed, refreshedAt: '2026-05-01T08:00:00.000Z' });
    expect(event.metadata.schemaVersion).toBe(2);
  });

  it('given practice sessions written before plans and retries, when read, then they have an empty daily plan and no retries, ended when written', () => {
    const started = upcast({ type: 'PracticeSessionStarted', data: { sessionId: 's-1', userId: 'u-1' }, metadata: metadata(1) });
    expect(started.data).toEqual({ sessionId: 's-1', userId: 'u-1', mode: 'daily', topicId: null, problemIds: [] });
    const ended = upcast({ type: 'PracticeSessionEnded', data: { sessionId: 's-1', userId: 'u-1', problemsCompleted: 6, correctAnswers: 4 }, metadata: metadata(1) });
    expect(ended.data).toEqual({ sessionId: 's-1', userId: 'u-1', problemsCompleted: 6, correctAnswers: 4, retries: 0, correctOnRetry: 0, endedAt: '2026-05-01T08:00:00.000Z', reason: 'ended' });
    expect(ended.metadata.schemaVersion).toBe(2);
  });

  it('given an event already at the current version, when read, then it is the same object', () => {
    const event = { type: 'AuthSessionRefreshed', data: { ...refreshed, refreshedAt: '2026-05-01T08:00:01.000Z' }, metadata: metadata(2) };
    expect(upcast(event)).toBe(event);
    const other = { type: 'ContactRequested', data: {}, metadata: metadata(1) };
    expect(upcast(other)).toBe(other);
  });

  it('new events are written at the current version by the one envelope builder', () => {
    expect(currentSchemaVersion('AuthSessionRefreshed')).toBe(2);
    expect(currentSchemaVersion('UserRegistered')).toBe(1);
    const event = newEvent(
      { type: 'AuthSessionRefreshed', data: { ...refreshed, refreshedAt: '2026-05-01T08:00:00.000Z' } },
      { actorId: null, correlationId: 'request-1', causationId: 'request-1', at: new Date('2026-05-01T08:00:00Z') },
      'event-1',
    );
    expect(event.metadata).toEqual(metadata(2));
    expect(event.id).toBe('event-1');
  });

  it('the envelope builder refuses data its schema refuses', () => {
    expect(() =>
      newEvent({ type: 'AuthSessionRefreshed', data: { sessionId: 'not-a-uuid' } }, { actorId: null, correlationId: 'r', causationId: 'r', at: '2026-05-01T08:00:00.000Z' }, 'e'),
    ).toThrow();
  });
});
