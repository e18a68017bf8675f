const WITHOUT_SEARCH = ['/profile', '/signup', '/login'];

/** Spec section 2: the header search bar is hidden on paths under /profile, /signup and /login. */
export function showsHeaderSearch(pathname: string): boolean {
  return !WITHOUT_SEARCH.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
