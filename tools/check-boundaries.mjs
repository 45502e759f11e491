#!/usr/bin/env node
// The layering of DESIGN.md §1, checked on every `npm test` (docs/boundaries.md).
// esbuild reads every source file (TypeScript 7 is native and offers no parser API for
// dependency-cruiser or eslint); the rules below are the table of DESIGN.md §1.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Which workspaces each product package may import (DESIGN.md §1). Others may import anything. */
export const allowedImports = {
  domain: [],
  'event-store': ['domain'],
  'api-kit': ['domain'],
  'command-api': ['domain', 'event-store', 'api-kit'],
  projector: ['domain', 'event-store', 'api-kit'],
  'query-api': ['domain', 'api-kit', 'event-store'],
  web: ['domain'],
};
/**
 * Subpaths of a product package that a package not allowed the whole of it may import, and the only
 * packages the subpath's files may import, so that importing it brings nothing else of its package
 * along. One today: the read models' table definitions (row schemas), which the projector writes
 * and query-api reads (docs/projector.md "One definition of a table's rows").
 */
export const sharedSubpaths = {
  '@mathdaily/projector/tables': { folder: 'projector/src/tables/', importers: ['query-api'], mayImport: ['zod', '@mathdaily/domain'] },
};
/** Tests and `src/testing/` helpers of a product package may also use the test-support package. */
const TEST_SUPPORT = 'testing';
const isTestCode = (file) => /\.test\.tsx?$|\/src\/(.+\/)?testing\//.test(file);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/\/(node_modules|dist)\//.test(file));
}

/** A relative import that does not resolve is the typecheck's to report; here it only ends the walk. */
const relativeImportsThatDoNotResolve = {
  name: 'relative-imports-that-do-not-resolve',
  setup(builder) {
    builder.onResolve({ filter: /^\./ }, (args) => {
      const target = path.resolve(args.resolveDir, args.path.split('?')[0]);
      const from = path.relative(builder.initialOptions.absWorkingDir, args.resolveDir).split(path.sep)[0];
      const to = path.relative(builder.initialOptions.absWorkingDir, target).split(path.sep)[0];
      // A relative path into another workspace bypasses its package: report it as that import.
      if (from !== to && existsSync(path.join(builder.initialOptions.absWorkingDir, to, 'package.json'))) return { path: `@mathdaily/${to}/(relative path ${args.path})`, external: true };
      return existsSync(target) ? undefined : { path: args.path, external: true };
    });
  },
};

const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2) : specifier.split('/').slice(0, 1)).join('/');

/** Every bare import of a workspace's sources, [{ file, specifier, workspace?, packageName }], and every relative one, [{ file, path }]. */
async function workspaceImports(root, folder) {
  const result = await build({
    entryPoints: sourceFiles(path.join(root, folder)),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: '/nonexistent',
    logLevel: 'silent',
    absWorkingDir: root,
    loader: { '.mjs': 'js' },
    // Stylesheets, images and vite's `?url`/`?raw` imports carry no layering.
    external: ['*.css', '*.svg', '*.png', '*.woff2', '*?url', '*?raw', '*?worker'],
    plugins: [relativeImportsThatDoNotResolve],
  });
  const found = [];
  const relative = [];
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    if (!file.startsWith(`${folder}/`)) continue;
    for (const imported of input.imports) {
      if (!imported.external) {
        relative.push({ file, path: imported.path });
        continue;
      }
      if (/^(\.|\/|node:)/.test(imported.path)) continue;
      const match = /^@mathdaily\/([a-z0-9-]+)/.exec(imported.path);
      found.push({ file, specifier: imported.path, workspace: match?.[1], packageName: packageOf(imported.path) });
    }
  }
  return { imports: found, relative };
}

/** A shared subpath this workspace's file imports although its package is not the workspace's to import. */
const sharedWith = (folder, specifier) => sharedSubpaths[specifier]?.importers.includes(folder) === true;

/** Every import that breaks DESIGN.md §1 or is not declared, as readable lines (none: all is well). */
export async function checkBoundaries(root = repositoryRoot) {
  const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const problems = [];
  for (const folder of rootPackage.workspaces) {
    const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
    const declared = new Set(Object.keys(manifest.dependencies ?? {}));
    const declaredForTests = new Set([...declared, ...Object.keys(manifest.devDependencies ?? {})]);
    const { imports, relative } = await workspaceImports(root, folder);
    // esbuild erases type-only imports and cannot see require.resolve: the source text counts too.
    const text = sourceFiles(path.join(root, folder)).map((file) => readFileSync(file, 'utf8')).join('\n');
    const used = new Set(imports.map((entry) => entry.packageName));
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (text.includes(`'${name}'`) || text.includes(`'${name}/`)) used.add(name);
    }
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (!used.has(name) && !name.startsWith('@types/')) problems.push(`${folder}/package.json declares ${name}, which no file of ${folder} imports`);
    }
    for (const { file, specifier, workspace } of imports) {
      if (workspace === undefined || workspace === folder) continue;
      const test = isTestCode(file);
      const rules = allowedImports[folder];
      if (rules && !rules.includes(workspace) && !(test && workspace === TEST_SUPPORT) && !sharedWith(folder, specifier)) {
        problems.push(`${file} imports @mathdaily/${workspace}, but ${folder} may import only ${[...rules, ...(test ? [TEST_SUPPORT] : [])].join(', ') || 'no workspace'} (DESIGN.md §1)`);
      }
      if (!(test ? declaredForTests : declared).has(`@mathdaily/${workspace}`)) {
        problems.push(`${file} imports @mathdaily/${workspace}, which ${folder}/package.json does not declare in ${test ? 'devDependencies' : 'dependencies'}`);
      }
    }
    problems.push(...outsideTheirSubpath(imports, relative));
  }
  problems.push(...namesOfTheEventsTable(root, rootPackage.workspaces));
  return [...new Set(problems)].sort();
}

/** Imports of a shared subpath's files that reach beyond it: other files of its package, or packages it may not bring along. */
function outsideTheirSubpath(imports, relative) {
  const problems = [];
  for (const [specifier, { folder, mayImport }] of Object.entries(sharedSubpaths)) {
    for (const { file, path: target } of relative) {
      if (file.startsWith(folder) && !target.startsWith(folder)) problems.push(`${file} imports ${target}: the files of ${specifier} (${folder}) may import only each other and ${mayImport.join(', ')}`);
    }
    for (const { file, specifier: imported, packageName } of imports) {
      if (file.startsWith(folder) && !mayImport.includes(packageName)) problems.push(`${file} imports ${imported}: the files of ${specifier} (${folder}) may import only each other and ${mayImport.join(', ')}`);
    }
  }
  return problems;
}

/** SQL that names the PostgreSQL event store's table, which only event-store/ may know (docs/change-feed.md). */
const EVENTS_TABLE = /\bpublic\.events\b|\b(FROM|INTO|JOIN|UPDATE|COPY|TABLE)\s+events\b/;

/** Files outside event-store/ that name the event store's table: everything else goes through the port. */
function namesOfTheEventsTable(root, workspaces) {
  const folders = [...workspaces.filter((folder) => folder !== 'event-store'), 'bench', 'tools'].filter((folder) => existsSync(path.join(root, folder)));
  return folders.flatMap((folder) =>
    sourceFiles(path.join(root, folder)).flatMap((file) => {
      const line = readFileSync(file, 'utf8').split('\n').findIndex((text) => EVENTS_TABLE.test(text));
      return line === -1 ? [] : [`${path.relative(root, file)}:${line + 1} names the event store's table; read it through the EventStore port (only event-store/ knows how a store keeps its events)`];
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = await checkBoundaries();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} import(s) break the layering (docs/boundaries.md).`);
    process.exit(1);
  }
  console.log('Workspace boundaries: every import follows DESIGN.md §1 and is declared.');
}
