#!/usr/bin/env node
// Every repository path a reference page names in backticks exists (docs/conventions.md):
// `command-api/src/x.ts`, `projector/src/read-models/y.ts:12` (the line must exist too),
// `query-api/src/learning/` (a folder), and the shorter forms a page uses after naming the
// package (`read-models/index.ts`, `live/live-hub.ts`: some file in the repository must end so).
// Pages in docs/history/ tell how the code got where it is and may name files since removed:
// they are read but their missing paths are only counted, not reported (`--history` lists them).
// No dependencies, so it runs before `npm install`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.data', 'test-results', 'screenshots', '.scratch']);

/** Every file and folder of the repository, relative, with `/`, folders ending in `/`. */
function repositoryEntries() {
  const entries = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        entries.push(`${relative}/`);
        walk(relative);
      } else entries.push(relative);
    }
  };
  walk('');
  return entries;
}

const entries = repositoryEntries();
const topLevel = new Set(readdirSync(root).filter((name) => !SKIPPED_FOLDERS.has(name)));

/** `a/b.ts`, `a/b/`, `a/b.ts:12`, `a/b.ts:12-20`; no placeholders, globs, URLs or package names. */
const PATH = /^([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*\/?)(?::(\d+)(?:-(\d+))?)?$/;
const FILE_EXTENSION = /\.(ts|tsx|mts|mjs|js|json|md|css|html|yml|yaml|conf|sql|txt|csv)$/;

/** Build outputs and installed packages are not in a fresh checkout. */
const isGenerated = (p) => /(^|\/)(dist|node_modules)(\/|$)/.test(p) || SKIPPED_FOLDERS.has(p.split('/')[0]);

/** Installed packages (`speech-rule-engine/lib/sre.js` names a file of one, not of this repository). */
const installedPackages = new Set(
  Object.keys(JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages ?? {})
    .filter((key) => key.startsWith('node_modules/'))
    .map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)),
);

/** Does this backticked text name a repository path, and which kind? */
function classify(text) {
  const match = PATH.exec(text);
  if (!match) return undefined;
  const [, p, line, lastLine] = match;
  if (isGenerated(p)) return undefined;
  const first = p.split('/')[0];
  // `DATA_DIR/runtime.json` is a setting's folder, `3/` a fraction being typed.
  if (/^[A-Z_]+$/.test(first) || !/[a-z]/i.test(first)) return undefined;
  if (installedPackages.has(first)) return undefined;
  if (p.includes('/') && topLevel.has(first)) return { p, line, lastLine, kind: 'rooted' };
  if (!p.includes('/') && topLevel.has(p)) return { p, line, lastLine, kind: 'rooted' };
  // A shorter form: `read-models/index.ts`, `reactors/`, or a bare page name `problem-bank.md`.
  if ((p.includes('/') && (FILE_EXTENSION.test(p) || p.endsWith('/'))) || /^[a-z0-9-]+\.md$/.test(p)) {
    return { p, line, lastLine, kind: 'suffix' };
  }
  return undefined;
}

const lineCounts = new Map();
function lineCount(file) {
  if (!lineCounts.has(file)) lineCounts.set(file, readFileSync(path.join(root, file), 'utf8').split('\n').length);
  return lineCounts.get(file);
}

/** Why the path named does not hold, or undefined when it does. */
function problemWith({ p, line, lastLine, kind }) {
  let file;
  if (kind === 'rooted') {
    const absolute = path.join(root, p);
    if (!existsSync(absolute)) return 'does not exist';
    if (p.endsWith('/') !== statSync(absolute).isDirectory() && p.endsWith('/')) return 'is not a folder';
    file = statSync(absolute).isFile() ? p : undefined;
  } else {
    const candidates = entries.filter((entry) => entry === p || entry.endsWith(`/${p}`));
    if (candidates.length === 0) return 'no file of the repository ends so';
    file = candidates.length === 1 && !p.endsWith('/') ? candidates[0] : undefined;
    if (line && !file) return candidates.length > 1 ? `names a line, but ${candidates.length} files end so` : undefined;
  }
  if (line && file) {
    const last = Number(lastLine ?? line);
    const count = lineCount(file);
    if (Number(line) < 1 || last > count) return `has ${count} lines`;
  }
  return undefined;
}

/** Backticked texts outside fenced code blocks, with their line numbers. */
function backticked(markdown) {
  const found = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*```/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const match of text.matchAll(/`([^`\n]+)`/g)) found.push({ text: match[1].trim(), line: index + 1 });
  });
  return found;
}

function markdownFiles(dir) {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${dir}/${name}`);
}

export function checkDocs() {
  const problems = [];
  const historyMissing = [];
  const pages = [...markdownFiles('docs'), ...markdownFiles('docs/history')];
  let checked = 0;
  for (const page of pages) {
    const isHistory = page.startsWith('docs/history/');
    for (const { text, line } of backticked(readFileSync(path.join(root, page), 'utf8'))) {
      const named = classify(text);
      if (!named) continue;
      checked += 1;
      const problem = problemWith(named);
      if (!problem) continue;
      (isHistory ? historyMissing : problems).push(`${page}:${line}: \`${text}\` ${problem}`);
    }
  }
  return { pages: pages.length, checked, problems, historyMissing };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { pages, checked, problems, historyMissing } = checkDocs();
  for (const problem of problems) console.error(problem);
  if (process.argv.includes('--history')) for (const missing of historyMissing) console.log(`(history) ${missing}`);
  console.log(
    `docs:check: ${checked} paths in ${pages} pages, ${problems.length} missing` +
      (historyMissing.length ? `; ${historyMissing.length} in docs/history/ name files since removed or moved` : ''),
  );
  process.exitCode = problems.length ? 1 : 0;
}
