// Builds the production bundles: the embedded launcher and each service's own entrypoint.
// Workspace packages (TypeScript sources) are bundled in; npm dependencies stay external, but for
// BUNDLED_DEPENDENCIES.
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Pure-JavaScript dependencies bundled in with everything they import: mathjs is about 1,000 ES
 * modules, and loading them one by one took 1.1 s of every process start (docs/foundation.md).
 */
const BUNDLED_DEPENDENCIES = ['mathjs'];

const bundleWorkspaces = {
  name: 'bundle-workspaces',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@mathdaily/') || args.kind === 'entry-point') return undefined;
      // An importer in node_modules belongs to a bundled dependency: what it imports comes along.
      if (BUNDLED_DEPENDENCIES.includes(args.path) || args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const entries = {
  'launcher/dist/main': 'launcher/src/main.ts',
  // Loaded by the launcher as a worker thread, from beside main.js (projector/src/projector-thread.ts).
  'launcher/dist/projector-worker': 'projector/src/projector-worker.ts',
  'launcher/dist/replay': 'launcher/src/cli/replay.ts',
  'command-api/dist/main': 'command-api/src/main.ts',
  'query-api/dist/main': 'query-api/src/main.ts',
  'projector/dist/main': 'projector/src/main.ts',
};

const result = await build({
  entryPoints: entries,
  metafile: true,
  outdir: '.',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [bundleWorkspaces],
  logLevel: 'warning',
});
// An npm dependency installed only under a workspace's own node_modules would resolve from the
// sources but not from the bundle: check every external import from where each bundle runs.
const unresolved = [];
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  const require = createRequire(path.resolve(file));
  for (const { path: specifier, external } of output.imports) {
    if (!external || specifier.startsWith('node:') || specifier.startsWith('.')) continue;
    try {
      require.resolve(specifier);
    } catch {
      // ESM-only packages without a require condition still resolve by their package.json.
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
      try {
        require.resolve(`${name}/package.json`);
      } catch {
        unresolved.push(`${file}: ${specifier}`);
      }
    }
  }
}
if (unresolved.length > 0) {
  console.error(`These imports do not resolve from the bundles (installed only inside a workspace?):\n${[...new Set(unresolved)].join('\n')}`);
  process.exit(1);
}
console.log(`built ${Object.keys(entries).length} server bundles`);
