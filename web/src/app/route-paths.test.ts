import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { APP_ROUTE_PATHS, appRouteOf } from './route-paths.ts';

describe('the app route list', () => {
  test('is exactly the paths of the <Route> elements in routes.tsx', () => {
    const source = readFileSync(new URL('./routes.tsx', import.meta.url), 'utf8');
    const routed = [...source.matchAll(/<Route path="([^"]+)"/g)].map((match) => match[1]).filter((path) => path !== '*');
    expect([...routed].sort()).toEqual([...APP_ROUTE_PATHS].sort());
  });

  test('names a route with or without a trailing slash, and nothing else', () => {
    expect(appRouteOf('/learn')).toBe('/learn');
    expect(appRouteOf('/learn/')).toBe('/learn');
    expect(appRouteOf('/')).toBe('/');
    expect(appRouteOf('/no/such/page')).toBeNull();
    expect(appRouteOf('/learning')).toBeNull();
    expect(appRouteOf('/tutor/students/3f2b8c1e-5d4a-4b6c-8d7e-9f0a1b2c3d4e')).toBe('/tutor/students/:id');
    expect(appRouteOf('/tutor/students/a/b')).toBeNull();
  });
});
