// deploy/nginx.conf and deploy/nginx-main.conf run by this machine's nginx (Debian's, with the
// brotli_static module), in front of a test's own services: the web image's proxy, tested as it is.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@mathdaily/launcher/embedded-postgres';

const root = path.resolve(import.meta.dirname, '../..');
const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Replaces one exact piece of a configuration, failing loudly when the file no longer has it. */
function replaceExactly(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the nginx configuration no longer contains "${from}": update testing/src/nginx.ts`);
  return text.split(from).join(to);
}

/**
 * Starts nginx with the product's configuration, the APIs at the given addresses and the web app
 * built in web/dist. `liveReadTimeoutSeconds` replaces the live socket's proxy_read_timeout (75 s) so a test can
 * scale the quiet-socket check down with the server's ping interval (LIVE_PING_SECONDS).
 */
export async function startNginx(options: { commandUrl: string; queryUrl: string; webDist?: string; liveReadTimeoutSeconds?: number }): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error('nginx is not installed: apt-get install nginx-light libnginx-mod-http-brotli-static (.ci/run does)');
  const dir = await mkdtemp(path.join(tmpdir(), 'mathdaily-nginx-'));
  // nginx's workers run as nobody when the tests run as root: they write their buffers here.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'nginx'), { mode: 0o777 });
  await chmod(path.join(dir, 'nginx'), 0o777);
  const port = await findFreePort();
  let site = await readFile(path.join(root, 'deploy/nginx.conf'), 'utf8');
  site = replaceExactly(site, 'listen 8080;', `listen 127.0.0.1:${port};`);
  site = replaceExactly(site, 'root /usr/share/nginx/html;', `root ${options.webDist ?? path.join(root, 'web/dist')};`);
  site = replaceExactly(site, 'http://command-api:3001', options.commandUrl);
  site = replaceExactly(site, 'http://query-api:3002', options.queryUrl);
  if (options.liveReadTimeoutSeconds !== undefined) site = replaceExactly(site, 'proxy_read_timeout 75s;', `proxy_read_timeout ${options.liveReadTimeoutSeconds}s;`);
  let main = await readFile(path.join(root, 'deploy/nginx-main.conf'), 'utf8');
  main = replaceExactly(main, '/tmp/nginx', path.join(dir, 'nginx'));
  main = replaceExactly(main, 'include /etc/nginx/conf.d/*.conf;', `include ${path.join(dir, 'site.conf')};`);
  main = replaceExactly(main, 'access_log /dev/stdout;', `access_log ${path.join(dir, 'access.log')};`);
  await writeFile(path.join(dir, 'site.conf'), site);
  await writeFile(path.join(dir, 'nginx.conf'), main);
  const child = spawn(NGINX, ['-e', 'stderr', '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while ((await fetch(`${url}/`).then((response) => response.status, () => 0)) === 0) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
