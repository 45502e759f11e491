import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { isUnavailable } from './errors.ts';

/** The error a real connect gets, as node-pg would see it. */
const connectError = (options: net.NetConnectOpts) =>
  new Promise<Error>((resolve) => net.connect(options).on('error', resolve));

test('a database that cannot be reached is "unavailable" over TCP and over a Unix socket', async () => {
  const closed = net.createServer();
  const port = await new Promise<number>((resolve) => closed.listen(0, '127.0.0.1', () => resolve((closed.address() as net.AddressInfo).port)));
  await new Promise((resolve) => closed.close(resolve));
  expect(isUnavailable(await connectError({ port, host: '127.0.0.1' }))).toBe(true);
  // A stopped PostgreSQL leaves no socket file: ENOENT from connect.
  expect(isUnavailable(await connectError({ path: path.join(os.tmpdir(), `no-such-socket-${process.pid}`, '.s.PGSQL.5432') }))).toBe(true);
  // Any other missing file is a bug, not an outage.
  expect(isUnavailable(Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
});
