import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * Field paths that hold secrets wherever they appear in a logged object: never written, whatever a
 * caller passes (a request body, an error's details). Messages are text the code writes itself and
 * carry no secrets (tested under a whole journey: launcher/src/no-secrets-in-logs.test.ts).
 */
const SECRET_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.authorization',
  'req.headers.authorization',
];

/**
 * The one way the product logs (pino): one JSON line per event with the service's name, at
 * LOG_LEVEL (info unless the caller says otherwise), to standard output for services and standard error for the command
 * line tools. A person at a terminal gets the same lines made readable (pino-pretty).
 */
export function createLogger(name: string, destination: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout, defaultLevel = 'info'): Logger {
  const options = { name, level: process.env.LOG_LEVEL ?? defaultLevel, redact: { paths: SECRET_PATHS, censor: '[redacted]' } };
  const stream = destination.isTTY ? pretty({ destination, colorize: true, sync: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' }) : destination;
  return pino(options, stream);
}

/** A logger as the `log(line)` callbacks the projector, the launcher and the tools take. */
export const lineLogger = (logger: Logger) => (line: string) => logger.info(line);
