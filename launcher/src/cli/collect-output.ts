import { Writable } from 'node:stream';

/** Standard output and error of one in-process CLI run, for its tests (a CLI child process would cost seconds to start). */
export function collectOutput() {
  const text = { stdout: '', stderr: '' };
  const sink = (name: keyof typeof text) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text[name] += chunk.toString();
        done();
      },
    });
  return { stdout: sink('stdout'), stderr: sink('stderr'), text };
}

type Cli = (args: readonly string[], io: { stdout: Writable; stderr: Writable }) => Promise<number>;

/**
 * A CLI run in-process as `npm run <cli>` runs it with an operator's settings: `env` set for the
 * run only (undefined unsets a variable), its exit code and output.
 */
export async function runCliWith(cli: Cli, args: readonly string[], env: Record<string, string | undefined>) {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const setAll = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  setAll(env);
  const io = collectOutput();
  try {
    const code = await cli(args, io);
    return { code, ...io.text };
  } finally {
    setAll(saved);
  }
}
