import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { breakable } from './breakable-address';

describe('breakable', () => {
  it.each([
    ['udlejning@ejendomsselskabet-nord.dk', 'udlejning@<wbr/>ejendomsselskabet-nord<wbr/>.dk'],
    ['https://www.example.dk/ledige', 'https:/<wbr/>/<wbr/>www<wbr/>.example<wbr/>.dk/<wbr/>ledige'],
    ['kort', 'kort'],
  ])('%s', (address, html) => {
    expect(renderToStaticMarkup(<>{breakable(address)}</>)).toBe(html);
  });
});
