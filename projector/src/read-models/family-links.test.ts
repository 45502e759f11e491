import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import type { NewEvent } from '@mathdaily/domain';
import { parentStreamId } from '@mathdaily/domain';
import { dumpSchema, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { familyLinks } from './family-links.ts';

/**
 * `family_links` on PostgreSQL: a link adds the pair, an unlink (by either side) removes it, a
 * child may have two parents and a parent up to three children; any batch size builds the same
 * rows, so a replay rebuilds exactly what the dashboard and the weekly summary read.
 */

const fixture = projectorFixtureForFile();

const event = (type: 'ChildLinked' | 'ChildUnlinked', data: object, minute: number): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at: new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString(), schemaVersion: 1 },
});

test('links and unlinks, the same at any batch size', async () => {
  const [mum, dad] = [randomUUID(), randomUUID()];
  const [ada, ben, cal] = [randomUUID(), randomUUID(), randomUUID()];
  await fixture.store.append(parentStreamId(mum), [
    event('ChildLinked', { parentId: mum, childId: ada }, 1),
    event('ChildLinked', { parentId: mum, childId: ben }, 2),
    event('ChildLinked', { parentId: mum, childId: cal }, 3),
    event('ChildUnlinked', { parentId: mum, childId: ben, by: 'child' }, 4),
  ], { expectedVersion: 'no_stream' });
  await fixture.store.append(parentStreamId(dad), [
    event('ChildLinked', { parentId: dad, childId: ada }, 5),
    event('ChildUnlinked', { parentId: dad, childId: ada, by: 'parent' }, 6),
    event('ChildLinked', { parentId: dad, childId: ada }, 7),
  ], { expectedVersion: 'no_stream' });

  await projectAll(fixture, [familyLinks], 1);
  const rows = (await fixture.pool.any(sql.unsafe`SELECT parent_id::text, child_id::text, linked_at FROM read_models.family_links ORDER BY linked_at`)) as readonly {
    parent_id: string;
    child_id: string;
    linked_at: number;
  }[];
  expect(rows.map((row) => [row.parent_id, row.child_id])).toEqual([[mum, ada], [mum, cal], [dad, ada]]);
  expect(new Date(rows[2]!.linked_at).toISOString()).toBe('2026-11-02T09:07:00.000Z');
  const oneByOne = await dumpSchema(fixture.pool, 'read_models');

  // A replay from nothing, in one batch.
  await fixture.pool.query(sql.unsafe`DROP SCHEMA read_models CASCADE`);
  await projectAll(fixture, [familyLinks], 500);
  expect(await dumpSchema(fixture.pool, 'read_models')).toEqual(oneByOne);
});
