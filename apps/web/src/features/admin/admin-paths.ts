/**
 * The desk's pages under /admin, one table for the gate (in every page's main chunk, so kept to
 * paths) and the desk's own routes (admin-desk.tsx): a path the desk does not have is a 404 from
 * the server for admins too.
 */
export const DESK_PATHS = { desk: '', user: 'users/:id', alerts: 'alerts', runs: 'runs', audit: 'audit' } as const;
