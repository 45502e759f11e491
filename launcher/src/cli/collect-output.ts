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
