// Builds the production bundles: the embedded launcher and each service's own entrypoint.
// Workspace packages (TypeScript sources) are bundled in; npm dependencies stay external.
import { build } from 'esbuild';

const bundleWorkspaces = {
  name: 'bundle-workspaces',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@mathdaily/') || args.kind === 'entry-point') return undefined;
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

await build({
  entryPoints: entries,
  outdir: '.',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [bundleWorkspaces],
  logLevel: 'warning',
});
console.log(`built ${Object.keys(entries).length} server bundles`);
