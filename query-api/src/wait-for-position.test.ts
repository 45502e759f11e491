import { afterEach, beforeEach, expect, test } from 'vitest';
import { Projector, readModels } from '@mathdaily/projector';
import { contactEvent, projectorFixture, type ProjectorFixture } from '@mathdaily/projector/testing/projector-fixture';
import { PositionWaiter } from './wait-for-position.ts';

let fixture: ProjectorFixture;
let waiter: PositionWaiter;
let projector: Projector;

beforeEach(async () => {
  fixture = await projectorFixture();
  projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models: readModels });
  await projector.start();
  waiter = new PositionWaiter({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, eventsInPostgres: true });
  await waiter.start();
});
afterEach(async () => {
  await waiter.close();
  await projector.stop();
  await fixture.close();
});

test('a read waits until the projector has applied the position, woken by NOTIFY', async () => {
  const { position } = await fixture.store.append('contact-a', [contactEvent(1, new Date('2026-01-01T00:00:00Z'))], { expectedVersion: 'no_stream' });
  const started = performance.now();
  expect(await waiter.waitFor(position, 5000)).toBe(true);
  expect(performance.now() - started).toBeLessThan(4000);
  expect(await waiter.reached(position)).toBe(true);
});

test('a position the projector has not reached times out after the bound', async () => {
  await projector.stop();
  const { position } = await fixture.store.append('contact-b', [contactEvent(2, new Date('2026-01-01T00:00:00Z'))], { expectedVersion: 'no_stream' });
  const started = performance.now();
  expect(await waiter.waitFor(position, 300)).toBe(false);
  expect(performance.now() - started).toBeGreaterThanOrEqual(290);
});
