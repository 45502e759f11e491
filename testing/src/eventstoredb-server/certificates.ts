import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificates {
  /** The CA's certificate, as `tlsCAFile` / EVENTSTORE_CA_FILE would name it. */
  caFile: string;
  /** The node's certificate and key (for 127.0.0.1 and localhost), signed by that CA. */
  cert: Buffer;
  key: Buffer;
  remove(): void;
}

/**
 * A throwaway CA and a node certificate signed by it, made with the openssl command line (no
 * key is kept in the repository). The CA is v3 with CA:TRUE and the node certificate carries its
 * names as subjectAltName: the client's TLS stacks (Node's and rustls) insist on both.
 */
export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'esdb-tls-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=MathDaily test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', ...ec, '-keyout', 'node.key', '-out', 'node.csr', '-subj', '/CN=localhost');
  writeFileSync(file('node.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', 'node.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'node.crt', '-days', '2', '-extfile', 'node.ext');
  return {
    caFile: file('ca.crt'),
    cert: readFileSync(file('node.crt')),
    key: readFileSync(file('node.key')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
