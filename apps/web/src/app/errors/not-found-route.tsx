import { data } from 'react-router';

/** Catch-all: throwing a 404 from the loader gives the not-found page and, server-side, the status. */
export function notFoundLoader(): never {
  throw data(null, { status: 404 });
}
