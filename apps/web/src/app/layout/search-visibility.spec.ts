import { describe, expect, it } from 'vitest';
import { showsHeaderSearch } from './search-visibility';

describe('header search bar', () => {
  it.each(['/profile', '/profile/tenant', '/signup', '/login', '/login/'])('is hidden on %s', (path) => {
    expect(showsHeaderSearch(path)).toBe(false);
  });

  it.each(['/', '/byer', '/aarhus', '/search', '/profiler', '/info/faq', '/reset-password'])('is shown on %s', (path) => {
    expect(showsHeaderSearch(path)).toBe(true);
  });
});
