import type { FastifyInstance } from 'fastify';
import { DomainError } from '@mathdaily/domain';

/** No body of ours nests beyond a handful of levels; a deeper one is an attack or a bug. */
const MAX_JSON_DEPTH = 32;

const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels of objects and arrays).`;

/**
 * The deepest nesting of objects and arrays in a JSON text, stopping as soon as it passes `limit`.
 * One pass over the characters, skipping string contents, so it costs no stack whatever the input.
 */
function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22 /* " */) {
      // Jump to the closing quote; a backslash escapes the next character.
      for (index += 1; index < text.length; index += 1) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c /* \ */) index += 1;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * fastify's JSON parser (prototype-poisoning checks included) behind a nesting cap: without it a
 * body 4,000 levels deep parses fine and then overflows the stack of whatever walks it (a 500).
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new DomainError('VALIDATION_FAILED', TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, done);
  });
}
