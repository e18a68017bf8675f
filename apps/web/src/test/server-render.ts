import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render as renderOnServer } from '../entry-server';
import da from '../../public/locales/da/translation.json';
import en from '../../public/locales/en/translation.json';

// jsdom's import.meta.url is not a file URL; this file's directory is known.
const template = readFileSync(resolve(__dirname, '../../index.html'), 'utf8');

/**
 * Renders `path` as the API's server render does, its /api calls answered by the test API at
 * `apiOrigin` over real HTTP (as the API's in-process fetch reaches itself).
 */
export function serverRender(path: string, apiOrigin: string, host = 'localhost:3000') {
  return renderOnServer({
    url: `http://${host}${path}`,
    host,
    cookie: undefined,
    fetch: (input, init) => globalThis.fetch(String(input instanceof Request ? input.url : input).replace(/^https?:\/\/[^/]+/, apiOrigin), init),
    translations: { da, en },
    settings: {},
    publicUrl: 'https://husly.dk',
    template,
  });
}
