// A minimal HTTP/1.1 JSON client on node:http. undici is not a dependency, and node:http lets each
// simulated student send from its own loopback address (registration is rate-limited per address).
import http from 'node:http';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed JSON of many routes
  ms: number;
}

export interface Client {
  /** `discardBody`: the body is read and dropped (body null), for load where parsing it would be the client's own cost. */
  request(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string>; discardBody?: boolean }): Promise<Reply>;
  close(): void;
}

/** A keep-alive client bound to `localAddress` (always inside 127.0.0.0/8). */
export function createClient(baseUrl: string, localAddress = '127.0.0.1'): Client {
  if (!localAddress.startsWith('127.')) throw new Error(`bench traffic stays on loopback, not ${localAddress}`);
  const url = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error(`bench traffic stays on loopback, not ${url.hostname}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  return {
    request(method, path, options = {}) {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const started = performance.now();
      return new Promise<Reply>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: url.port, method, path, headers, agent, localAddress },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => options.discardBody || chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              const ms = performance.now() - started;
              if (options.discardBody) return resolve({ status: res.statusCode ?? 0, headers: res.headers, body: null, ms });
              const text = Buffer.concat(chunks).toString('utf8');
              let body: unknown = text;
              try {
                body = text ? JSON.parse(text) : null;
              } catch {
                // not JSON: keep the text for the error message
              }
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms });
            });
          },
        );
        req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no answer within 60 s`)));
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
