import { describe, expect, test } from 'vitest';
import { commandApiPools, DEFAULT_DATABASE_CONNECTIONS, MIN_DATABASE_CONNECTIONS, projectorPools, queryApiPools } from './connection-budget.ts';

const sum = (pools: object) => Object.values(pools).reduce((total: number, size) => total + (size as number), 0);
const split = { 'command-api': commandApiPools, 'query-api': queryApiPools, projector: projectorPools };

describe('the connection budget', () => {
  test.each(Object.keys(split) as (keyof typeof split)[])('%s: its pools add up to its budget, each pool open, from the least it may have', (service) => {
    for (const eventsInPostgres of [true, false]) {
      for (let total = MIN_DATABASE_CONNECTIONS[service]; total <= 40; total += 1) {
        const pools = split[service](total, eventsInPostgres);
        expect(sum(pools)).toBe(total);
        for (const [name, size] of Object.entries(pools)) {
          const unused = !eventsInPostgres && name.startsWith('events');
          expect(size, `${service} ${name} at ${total}`).toBeGreaterThanOrEqual(unused ? 0 : 1);
        }
      }
    }
  });

  test('the defaults keep 4 query-apis, 2 command-apis and 2 projectors under 80', () => {
    expect(4 * DEFAULT_DATABASE_CONNECTIONS['query-api'] + 2 * DEFAULT_DATABASE_CONNECTIONS['command-api'] + 2 * DEFAULT_DATABASE_CONNECTIONS.projector).toBeLessThan(80);
  });
});
