#!/usr/bin/env node
// `npm run problems:review`: writes dist/problems-review/index.html (and review.txt, the same
// samples as plain text). The page is bundled with esbuild so it can use the web app's components;
// their CSS imports are dropped and the page links KaTeX's stylesheet from node_modules.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'dist/problems-review');
mkdirSync(out, { recursive: true });
const bundle = path.join(out, 'page.mjs');
await build({
  entryPoints: [path.join(root, 'tools/problems-review/page.tsx')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  jsx: 'automatic',
  loader: { '.css': 'empty' },
  // The workspaces are TypeScript sources: bundle them; npm packages stay imports.
  plugins: [{ name: 'npm-external', setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@mathdaily/') || a.path.endsWith('.css') ? undefined : { external: true })); } }],
  outfile: bundle,
  logLevel: 'warning',
});
const { reviewPage, reviewText } = await import(pathToFileURL(bundle).href);
const katexCss = pathToFileURL(path.join(root, 'node_modules/katex/dist/katex.min.css')).href;
writeFileSync(path.join(out, 'index.html'), reviewPage(katexCss));
writeFileSync(path.join(out, 'review.txt'), reviewText());
console.log(`problem review: ${path.join(out, 'index.html')} (and review.txt)`);
