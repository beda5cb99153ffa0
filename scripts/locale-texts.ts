import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What src/web/lib/i18n.ts imports: where the texts are, and which languages have which namespaces. */
export const LOCALE_TEXTS_MODULE = 'virtual:locale-texts';
const RESOLVED_ID = `\0${LOCALE_TEXTS_MODULE}`;
/** Where the development server answers them. */
const DEV_BASE = '/@locale-texts/';

/**
 * The texts of each language and screen (`{tag}/{namespace}.json` under `localesDir`) are JSON files the
 * browser fetches when it needs them. The build writes them, minified, into one folder named by a hash of
 * them all, so the app's first chunk carries that folder's name and the list of files instead of a hashed
 * URL for each of the 200 (3 KB brotli less on every page, issue 11). A changed text renames the folder.
 */
export function localeTexts(localesDir: string): Plugin {
  let serving = false;
  const readTexts = async () => {
    const files = (await readdir(localesDir, { recursive: true })).filter((file) => file.endsWith('.json')).sort();
    const texts = await Promise.all(
      files.map(async (file) => JSON.stringify(JSON.parse(await readFile(path.join(localesDir, file), 'utf8')))),
    );
    return { names: files.map((file) => file.split(path.sep).join('/').slice(0, -'.json'.length)), texts };
  };
  return {
    name: 'locale-texts',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId: (id) => (id === LOCALE_TEXTS_MODULE ? RESOLVED_ID : null),
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      const { names, texts } = await readTexts();
      let base = DEV_BASE;
      if (!serving) {
        const hash = createHash('sha256');
        names.forEach((name, i) => hash.update(`${name}\0${texts[i]}\0`));
        base = `/assets/locales-${hash.digest('base64url').slice(0, 10)}/`;
        // Only the browser's build fetches them; the server's imports the files themselves.
        if (this.environment.name === 'client') {
          names.forEach((name, i) =>
            this.emitFile({ type: 'asset', fileName: `${base.slice(1)}${name}.json`, source: texts[i]! }),
          );
        }
      }
      return `export const localeBase = ${JSON.stringify(base)};\nexport const localeFiles = ${JSON.stringify(names)};\n`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_BASE, (request, response, next) => {
        const name = decodeURIComponent(request.url?.split('?', 1)[0] ?? '').replace(/^\//, '');
        if (!/^[a-z-]+\/[a-z-]+\.json$/i.test(name)) return next();
        readFile(path.join(localesDir, name), 'utf8').then(
          (text) => {
            response.setHeader('Content-Type', 'application/json');
            response.end(text);
          },
          () => next(),
        );
      });
    },
  };
}
