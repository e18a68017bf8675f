import { parseCookie } from 'cookie';

/**
 * The value of cookie `name` in a `document.cookie` / Cookie header string, or undefined: the
 * browser, the server render and the API's page cache read cookies alike, through `cookie`'s
 * parser (the one @fastify/cookie gives the API's routes). A value is URI-decoded, or kept as
 * written when it is not valid encoding; the first of two cookies of one name wins.
 */
export function readCookie(cookies: string, name: string): string | undefined {
  return parseCookie(cookies)[name];
}
