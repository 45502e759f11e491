// Rewrites a package.json for the image's runtime: the services' workspaces only and no dev
// dependencies, so `npm ci --omit=dev` installs what the service bundles import and nothing else
// (no build tools, no embedded PostgreSQL, no React). The lockfile stays as it is: npm ci
// installs the versions it pins. Used by the Dockerfile and checked by launcher/src/image.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';

export const SERVICE_WORKSPACES = ['domain', 'event-store', 'api-kit', 'command-api', 'projector', 'query-api'];

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? 'package.json';
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  manifest.workspaces = SERVICE_WORKSPACES;
  delete manifest.devDependencies;
  delete manifest.scripts;
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}
