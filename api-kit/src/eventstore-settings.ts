import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The EventStoreDB connection from EVENTSTORE_URL, EVENTSTORE_CA_FILE, EVENTSTORE_USERNAME and
 * EVENTSTORE_PASSWORD, checked the way @kurrent/kurrentdb-client will read it, and returned as
 * the one connection string the client takes (credentials and `tlsCAFile` folded in). Every
 * problem is a message naming the variable; no message shows a password.
 *
 * The client parses the string twice, in JavaScript (appends, subscriptions) and in Rust (reads),
 * and the two disagree on percent-encoding: credentials and the CA file's path are limited to
 * characters both read the same way.
 */
export interface EventStoreVariables {
  EVENTSTORE_URL?: string | undefined;
  EVENTSTORE_CA_FILE?: string | undefined;
  EVENTSTORE_USERNAME?: string | undefined;
  EVENTSTORE_PASSWORD?: string | undefined;
}

const PROTOCOLS = ['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover'];
/** Characters both parsers leave alone in user:password (no %, :, @, /, comma, …). */
const CREDENTIAL = /^[A-Za-z0-9._~!$&'()*+-]+$/;
const HOST = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;

/** Query parameters the client understands (case and `-`/`_` do not matter to it), with a check of the value. */
const PARAMETERS: Record<string, { name: string; valid: (value: string) => boolean; expected: string }> = Object.fromEntries(
  (
    [
      ['tls', 'true or false'],
      ['tlsVerifyCert', 'true or false'],
      ['tlsCAFile', 'a file'],
      ['nodePreference', 'leader, follower, random or readOnlyReplica'],
      ['maxDiscoverAttempts', 'a whole number'],
      ['discoveryInterval', 'milliseconds'],
      ['gossipTimeout', 'milliseconds'],
      ['defaultDeadline', 'milliseconds'],
      ['keepAliveInterval', 'milliseconds (or -1)'],
      ['keepAliveTimeout', 'milliseconds (or -1)'],
      ['connectionName', 'a name'],
      ['throwOnAppendFailure', 'true or false'],
      ['userCertFile', 'a file'],
      ['userKeyFile', 'a file'],
    ] as const
  ).map(([name, expected]) => {
    const valid =
      expected === 'true or false' ? (value: string) => /^(true|false)$/i.test(value)
      : expected.startsWith('leader') ? (value: string) => /^(leader|follower|random|read[-_]?only[-_]?replica)$/i.test(value)
      : expected.endsWith('(or -1)') ? (value: string) => /^(-1|\d+)$/.test(value)
      : expected === 'a whole number' || expected === 'milliseconds' ? (value: string) => /^\d+$/.test(value)
      : () => true;
    return [flat(name), { name, valid, expected }];
  }),
);

function flat(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

export class EventStoreSettingsError extends Error {
  override name = 'EventStoreSettingsError';
}

/** EVENTSTORE_URL as it may be shown: the password masked. */
function redactEventStoreUrl(url: string): string {
  return url.replace(/^([^:]+:\/\/[^:@/]*:)[^@/]*@/, '$1***@');
}

function readableFile(variable: string, file: string): string {
  const resolved = path.resolve(file);
  try {
    if (!statSync(resolved).isFile()) throw new Error('not a file');
    accessSync(resolved, constants.R_OK);
  } catch {
    throw new EventStoreSettingsError(`${variable} must name a readable file, not '${file}'.`);
  }
  if (/[&?#%+]/.test(resolved)) throw new EventStoreSettingsError(`${variable} must be a path without & ? # % or +, not '${file}'.`);
  return resolved;
}

/** The connection string for the client, or undefined when EVENTSTORE_URL is not set. */
export function eventStoreConnectionString(variables: EventStoreVariables): string | undefined {
  const { EVENTSTORE_URL: url, EVENTSTORE_CA_FILE: caFile, EVENTSTORE_USERNAME: username, EVENTSTORE_PASSWORD: password } = variables;
  if (!url) {
    const stray = (['EVENTSTORE_CA_FILE', 'EVENTSTORE_USERNAME', 'EVENTSTORE_PASSWORD'] as const).find((name) => variables[name]);
    if (stray) throw new EventStoreSettingsError(`${stray} is set, but EVENTSTORE_URL is not.`);
    return undefined;
  }
  const shown = redactEventStoreUrl(url);
  const bad = (why: string) => new EventStoreSettingsError(`EVENTSTORE_URL ${why}, not '${shown}'.`);

  const match = /^(?<protocol>[a-z+]+):\/\/(?:(?<userinfo>[^@/?]*)@)?(?<hosts>[^/?]*)\/?(?:\?(?<query>.*))?$/i.exec(url);
  if (!match?.groups || !PROTOCOLS.includes(match.groups.protocol!.toLowerCase())) {
    throw bad(`must be a URL starting with ${PROTOCOLS.map((protocol) => `${protocol}://`).join(', ')}`);
  }
  const protocol = match.groups.protocol!.toLowerCase();
  const hosts = match.groups.hosts!.split(',').map((host) => host.trim());
  for (const host of hosts) {
    const [name = '', port, ...rest] = host.split(':');
    if (!HOST.test(name) || rest.length > 0 || (port !== undefined && !(/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))) {
      throw bad(`must name each node as host or host:port, separated by commas (${hosts.length > 1 ? 'a cluster' : 'one node'})`);
    }
  }
  if (protocol.endsWith('+discover') && hosts.length > 1) throw bad('with +discover names one host (the DNS name the cluster is discovered from)');

  const parameters = new Map<string, { name: string; value: string }>();
  for (const pair of (match.groups.query ?? '').split('&').filter(Boolean)) {
    const [key = '', value, ...rest] = pair.split('=');
    const known = PARAMETERS[flat(key)];
    if (!known) throw bad(`has an unknown option '${key}' (the client takes ${Object.values(PARAMETERS).map((parameter) => parameter.name).join(', ')})`);
    if (value === undefined || value === '' || rest.length > 0 || !known.valid(value)) throw bad(`option ${known.name} must be ${known.expected}`);
    if (parameters.has(known.name)) throw bad(`sets ${known.name} twice`);
    parameters.set(known.name, { name: key, value });
  }
  for (const file of ['tlsCAFile', 'userCertFile', 'userKeyFile']) {
    const given = parameters.get(file);
    if (given) parameters.set(file, { name: given.name, value: readableFile(`EVENTSTORE_URL's ${file}`, given.value) });
  }
  const insecure = parameters.get('tls')?.value.toLowerCase() === 'false';

  let credentials: { username: string; password: string } | undefined;
  if (match.groups.userinfo !== undefined) {
    const [user = '', pass, ...rest] = match.groups.userinfo.split(':');
    if (pass === undefined || rest.length > 0 || !CREDENTIAL.test(user) || !CREDENTIAL.test(pass)) {
      throw bad(`credentials must be user:password, each of letters, digits and . _ ~ ! $ & ' ( ) * + - only`);
    }
    if (username || password) throw new EventStoreSettingsError('EVENTSTORE_USERNAME and EVENTSTORE_PASSWORD are set, but EVENTSTORE_URL has credentials too: give them once.');
    credentials = { username: user, password: pass };
  } else if (username || password) {
    if (!username || !password) throw new EventStoreSettingsError(`${username ? 'EVENTSTORE_PASSWORD' : 'EVENTSTORE_USERNAME'} must be set too (EVENTSTORE_USERNAME and EVENTSTORE_PASSWORD go together).`);
    if (!CREDENTIAL.test(username)) throw new EventStoreSettingsError(`EVENTSTORE_USERNAME must be letters, digits and . _ ~ ! $ & ' ( ) * + - only, not '${username}'.`);
    if (!CREDENTIAL.test(password)) throw new EventStoreSettingsError("EVENTSTORE_PASSWORD must be letters, digits and . _ ~ ! $ & ' ( ) * + - only (the value is not shown).");
    credentials = { username, password };
  }
  if (credentials && insecure) {
    throw new EventStoreSettingsError('EventStoreDB credentials need TLS, but EVENTSTORE_URL has tls=false: the password would cross the network in clear text.');
  }

  if (caFile) {
    if (insecure) throw new EventStoreSettingsError('EVENTSTORE_CA_FILE is set, but EVENTSTORE_URL has tls=false.');
    if (parameters.has('tlsCAFile')) throw new EventStoreSettingsError("EVENTSTORE_CA_FILE is set, but EVENTSTORE_URL names a tlsCAFile too: give it once.");
    parameters.set('tlsCAFile', { name: 'tlsCAFile', value: readableFile('EVENTSTORE_CA_FILE', caFile) });
  }

  const userinfo = credentials ? `${credentials.username}:${credentials.password}@` : '';
  const query = [...parameters.values()].map(({ name, value }) => `${name}=${value}`).join('&');
  return `${protocol}://${userinfo}${hosts.join(',')}${query ? `?${query}` : ''}`;
}
