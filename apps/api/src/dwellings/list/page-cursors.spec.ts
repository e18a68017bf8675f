import { describe, expect, it } from 'vitest';
import { PageCursors } from './page-cursors';

const at = (id: number) => ({ createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, id)), id });

describe('PageCursors', () => {
  it('starts from the nearest remembered offset at or below start, else from the top', () => {
    const c = new PageCursors();
    expect(c.nearest('k', 300, 0)).toEqual({ offset: 0, after: null });
    c.remember('k', 150, at(1), 0);
    c.remember('k', 300, at(2), 0);
    expect(c.nearest('k', 0, 1)).toEqual({ offset: 0, after: null });
    expect(c.nearest('k', 149, 1)).toEqual({ offset: 0, after: null });
    expect(c.nearest('k', 150, 1)).toEqual({ offset: 150, after: at(1) });
    expect(c.nearest('k', 299, 1)).toEqual({ offset: 150, after: at(1) });
    expect(c.nearest('k', 1000, 1)).toEqual({ offset: 300, after: at(2) });
    expect(c.nearest('other', 1000, 1)).toEqual({ offset: 0, after: null });
  });

  it('forgets a list after its time to live, and keeps only so many lists and offsets', () => {
    const c = new PageCursors(2, 2, 1000);
    c.remember('a', 150, at(1), 0);
    expect(c.nearest('a', 150, 1001).offset).toBe(0);
    c.remember('a', 150, at(1), 2000);
    c.remember('a', 300, at(2), 2000);
    c.remember('a', 450, at(3), 2000);
    expect(c.nearest('a', 150, 2001).offset).toBe(0);
    expect(c.nearest('a', 450, 2001).offset).toBe(450);
    c.remember('b', 150, at(4), 2000);
    c.remember('c', 150, at(5), 2000);
    expect(c.nearest('a', 450, 2001).offset).toBe(0);
    expect(c.nearest('c', 150, 2001).offset).toBe(150);
  });

  it("takes the time from the caller alone: a list read just now at a later time has expired", () => {
    const c = new PageCursors(2, 2, 1000);
    c.remember('a', 150, at(1), 5000);
    expect(c.nearest('a', 150, 6000).offset).toBe(150);
    expect(c.nearest('a', 150, 6001).offset).toBe(0);
  });
});
