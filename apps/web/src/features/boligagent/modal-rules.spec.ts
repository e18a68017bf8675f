import { describe, expect, it } from 'vitest';
import { parseShows, shouldShowModal } from './modal-rules';

describe('shouldShowModal', () => {
  it.each([
    [{ shows: 0, shownThisSession: false, loggedIn: false }, true],
    [{ shows: 2, shownThisSession: false, loggedIn: false }, true],
    [{ shows: 3, shownThisSession: false, loggedIn: false }, false],
    [{ shows: 0, shownThisSession: true, loggedIn: false }, false],
    [{ shows: 0, shownThisSession: false, loggedIn: true }, false],
  ])('%j → %s', (input, expected) => {
    expect(shouldShowModal(input)).toBe(expected);
  });
});

describe('parseShows', () => {
  it.each([
    [null, 0],
    ['', 0],
    ['2', 2],
    ['-1', 0],
    ['x', 0],
    ['1.5', 0],
  ])('%j → %d', (value, expected) => {
    expect(parseShows(value)).toBe(expected);
  });
});
