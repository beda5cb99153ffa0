import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../errors.ts';

/** Arrays and objects a JSON body may nest; the app's own bodies use a handful of levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` nests arrays and objects deeper than `limit`, read in one pass over the raw text (brackets inside
 * strings do not count, escaped quotes do not end one). It does not check the JSON otherwise: JSON.parse does.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies are parsed as Fastify would (an empty or invalid body is a 400, `__proto__` keys are refused), after
 * their depth is checked on the raw text: everything that reads a body afterwards (the text check, zod, the
 * reply's serializer) walks it recursively, and a body nested thousands deep would exhaust the stack there.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      return done(
        invalid(`The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects.`),
        undefined,
      );
    }
    parse(request, body as string, done);
  });
});
