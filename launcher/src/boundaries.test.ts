import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error the checker is plain JavaScript run by node in `npm test`
import { checkBoundaries } from '../../tools/check-boundaries.mjs';

const check = checkBoundaries as (root?: string) => Promise<string[]>;
let root: string | undefined;

/** A repository of workspaces: { 'command-api': { deps: [...], files: { 'src/x.ts': '…' } } }. */
async function repository(workspaces: Record<string, { dependencies?: string[]; devDependencies?: string[]; files: Record<string, string> }>) {
  root = await mkdtemp(path.join(tmpdir(), 'boundaries-'));
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ workspaces: Object.keys(workspaces) }));
  for (const [name, workspace] of Object.entries(workspaces)) {
    const declared = (list: string[] = []) => Object.fromEntries(list.map((dep) => [`@mathdaily/${dep}`, '0.1.0']));
    await mkdir(path.join(root, name, 'src'), { recursive: true });
    await writeFile(
      path.join(root, name, 'package.json'),
      JSON.stringify({ name: `@mathdaily/${name}`, dependencies: declared(workspace.dependencies), devDependencies: declared(workspace.devDependencies) }),
    );
    for (const [file, text] of Object.entries(workspace.files)) {
      await mkdir(path.dirname(path.join(root, name, file)), { recursive: true });
      await writeFile(path.join(root, name, file), text);
    }
  }
  return root;
}

afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the workspace boundary check (npm run boundaries)', () => {
  it('passes this repository', async () => {
    expect(await check()).toEqual([]);
  });

  it('refuses a product package that imports a package DESIGN.md §1 does not allow, even when declared', async () => {
    const problems = await check(
      await repository({
        domain: { files: { 'src/index.ts': 'export const x = 1;' } },
        'query-api': { dependencies: ['command-api'], files: { 'src/get.ts': "import { y } from '@mathdaily/command-api';\nexport const z = y;" } },
        'command-api': { files: { 'src/index.ts': 'export const y = 2;' } },
      }),
    );
    expect(problems).toEqual(['query-api/src/get.ts imports @mathdaily/command-api, but query-api may import only domain, api-kit, event-store (DESIGN.md §1)']);
  });

  it('a relative path into another workspace counts as importing that workspace', async () => {
    const problems = await check(
      await repository({
        'command-api': { files: { 'src/secret.ts': 'export const y = 2;' } },
        'query-api': { files: { 'src/get.ts': "import { y } from '../../command-api/src/secret.ts';\nexport const z = y;" } },
      }),
    );
    expect(problems).toEqual([
      'query-api/src/get.ts imports @mathdaily/command-api, but query-api may import only domain, api-kit, event-store (DESIGN.md §1)',
      'query-api/src/get.ts imports @mathdaily/command-api, which query-api/package.json does not declare in dependencies',
    ]);
  });

  it('refuses a declared dependency that nothing imports (type-only and require.resolve uses count)', async () => {
    const problems = await check(
      await repository({
        domain: { files: { 'src/index.ts': "import type { Schema } from 'zod';\nexport type S = Schema;" } },
      }).then(async (folder) => {
        const manifest = path.join(folder, 'domain', 'package.json');
        await writeFile(manifest, JSON.stringify({ name: '@mathdaily/domain', dependencies: { zod: '^4', 'left-pad': '^1' } }));
        return folder;
      }),
    );
    expect(problems).toEqual(['domain/package.json declares left-pad, which no file of domain imports']);
  });

  it('lets query-api import the projector’s table definitions (@mathdaily/projector/tables) and nothing else of it', async () => {
    const problems = await check(
      await repository({
        projector: { files: { 'src/tables/index.ts': 'export const tableRows = {};', 'src/index.ts': 'export const projector = 1;' } },
        'query-api': {
          dependencies: ['projector'],
          files: {
            'src/read.ts': "import { tableRows } from '@mathdaily/projector/tables';\nexport const r = tableRows;",
            'src/start.ts': "import { projector } from '@mathdaily/projector';\nexport const p = projector;",
          },
        },
      }),
    );
    expect(problems).toEqual(['query-api/src/start.ts imports @mathdaily/projector, but query-api may import only domain, api-kit, event-store (DESIGN.md §1)']);
  });

  it('refuses a file of the table definitions that imports the rest of the projector or a package readers should not load', async () => {
    const problems = await check(
      await repository({
        projector: {
          files: {
            'src/read-model.ts': 'export const defineReadModel = 1;',
            'src/tables/define-table.ts': "import { z } from 'zod';\nexport const column = z;",
            'src/tables/index.ts': "import { column } from './define-table.ts';\nimport { defineReadModel } from '../read-model.ts';\nimport { sql } from 'slonik';\nexport const tableRows = [column, defineReadModel, sql];",
          },
        },
      }).then(async (folder) => {
        await writeFile(path.join(folder, 'projector', 'package.json'), JSON.stringify({ name: '@mathdaily/projector', dependencies: { zod: '^4', slonik: '^47' } }));
        return folder;
      }),
    );
    expect(problems).toEqual([
      'projector/src/tables/index.ts imports projector/src/read-model.ts: the files of @mathdaily/projector/tables (projector/src/tables/) may import only each other and zod, @mathdaily/domain',
      'projector/src/tables/index.ts imports slonik: the files of @mathdaily/projector/tables (projector/src/tables/) may import only each other and zod, @mathdaily/domain',
    ]);
  });

  it('refuses an import the package does not declare, and lets tests use only the test-support package', async () => {
    const problems = await check(
      await repository({
        domain: { files: { 'src/index.ts': 'export const x = 1;' } },
        testing: { files: { 'src/index.ts': 'export const t = 1;' } },
        launcher: { files: { 'src/app.ts': 'export const app = 1;' } },
        web: {
          devDependencies: ['testing', 'launcher'],
          files: {
            'src/page.tsx': "import { x } from '@mathdaily/domain';\nexport const p = x;",
            'src/page.test.ts': "import { t } from '@mathdaily/testing';\nimport { app } from '@mathdaily/launcher/app';\nexport const q = [t, app];",
          },
        },
      }),
    );
    expect(problems).toEqual([
      'web/src/page.test.ts imports @mathdaily/launcher, but web may import only domain, testing (DESIGN.md §1)',
      'web/src/page.tsx imports @mathdaily/domain, which web/package.json does not declare in dependencies',
    ]);
  });
});
