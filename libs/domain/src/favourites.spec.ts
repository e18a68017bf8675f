import { describe, expect, it } from 'vitest';
import { canSaveFavourite, FAVOURITES } from './favourites';

describe('canSaveFavourite', () => {
  it.each([
    [0, true],
    [1, true],
    [FAVOURITES.maxPerUser - 1, true],
    [FAVOURITES.maxPerUser, false],
    [FAVOURITES.maxPerUser + 3, false],
  ])('%i saved → %s', (count, allowed) => {
    expect(canSaveFavourite(count)).toBe(allowed);
  });

  it('takes a smaller cap for tests', () => {
    expect(canSaveFavourite(2, 3)).toBe(true);
    expect(canSaveFavourite(3, 3)).toBe(false);
  });
});
