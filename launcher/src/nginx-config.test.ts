import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * What deploy/nginx.conf sends with the pages it serves itself (the APIs send their own, tested in
 * api-kit): the same content security policy as the APIs, sockets to this origin only, and HSTS.
 */
const conf = await readFile(path.resolve(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');

describe('deploy/nginx.conf', () => {
  test("pages may open sockets to their own origin only (connect-src 'self'), and HSTS goes with every answer", () => {
    const csp = /map \$uri \$page_csp \{[^}]*default "([^"]+)"/.exec(conf)?.[1];
    expect(csp).toBeDefined();
    const connect = csp!.split(';').map((part) => part.trim()).find((part) => part.startsWith('connect-src'));
    expect(connect).toBe("connect-src 'self'");
    expect(conf).toMatch(/add_header Strict-Transport-Security "max-age=\d{7,}; includeSubDomains" always;/);
  });
});
