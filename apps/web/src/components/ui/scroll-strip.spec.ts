import { describe, expect, it } from 'vitest';
import { scrollLeftToShow, stripEdges } from './scroll-strip';

describe('stripEdges', () => {
  it.each([
    [{ scrollLeft: 0, clientWidth: 300, scrollWidth: 300 }, { start: false, end: false }],
    [{ scrollLeft: 0, clientWidth: 300, scrollWidth: 700 }, { start: false, end: true }],
    [{ scrollLeft: 200, clientWidth: 300, scrollWidth: 700 }, { start: true, end: true }],
    [{ scrollLeft: 400, clientWidth: 300, scrollWidth: 700 }, { start: true, end: false }],
    // Scrolled to the end but reported a pixel short (rounded fractional widths).
    [{ scrollLeft: 399, clientWidth: 300, scrollWidth: 700 }, { start: true, end: false }],
  ])('%o has more at %o', (box, edges) => {
    expect(stripEdges(box)).toEqual(edges);
  });
});

describe('scrollLeftToShow', () => {
  const box = { scrollLeft: 0, clientWidth: 300, scrollWidth: 800 };

  it('leaves a strip alone whose item is already shown clear of the fade', () => {
    expect(scrollLeftToShow(box, { offsetLeft: 40, offsetWidth: 100 })).toBe(0);
  });

  it('scrolls an item hidden to the right in, with the margin after it', () => {
    expect(scrollLeftToShow(box, { offsetLeft: 500, offsetWidth: 120 })).toBe(500 + 120 + 32 - 300);
  });

  it('scrolls an item hidden to the left in, with the margin before it', () => {
    expect(scrollLeftToShow({ ...box, scrollLeft: 400 }, { offsetLeft: 200, offsetWidth: 100 })).toBe(168);
  });

  it('never past either end', () => {
    expect(scrollLeftToShow(box, { offsetLeft: 700, offsetWidth: 100 })).toBe(500);
    expect(scrollLeftToShow({ ...box, scrollLeft: 300 }, { offsetLeft: 5, offsetWidth: 100 })).toBe(0);
  });

  it('shows the start of an item wider than the strip', () => {
    expect(scrollLeftToShow(box, { offsetLeft: 200, offsetWidth: 400 })).toBe(168);
  });
});
