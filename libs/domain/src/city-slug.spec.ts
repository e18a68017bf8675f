import { describe, it, expect } from 'vitest';
import { citySlug } from './city-slug';

describe('citySlug', () => {
  it.each([
    ['8000 Aarhus C', 'aarhus'],
    ['København Ø', 'koebenhavn'],
    ['Kongens Lyngby', 'kongens-lyngby'],
    ['Høje-Taastrup', 'hoeje-taastrup'],
    ['2100 København Ø', 'koebenhavn'],
    ['Odense SØ', 'odense'],
    ['Frederiksberg C', 'frederiksberg'],
    ['Vanløse', 'vanloese'],
    ['Aabenraa', 'aabenraa'],
    ['1050 København K', 'koebenhavn'],
    ['København NV', 'koebenhavn'],
    ['Aalborg SV', 'aalborg'],
    ['Århus', 'aarhus'],
    ['Næstved', 'naestved'],
    ['Nykøbing Falster', 'nykoebing-falster'],
    // Regional suffixes are not direction codes: Viby J and Viby Sjælland stay apart.
    ['Viby J', 'viby-j'],
    ['Nykøbing F', 'nykoebing-f'],
    ['  Roskilde  ', 'roskilde'],
    ['ROSKILDE', 'roskilde'],
    // Idempotent on a slug, so a slug can be passed where a name is expected.
    ['kongens-lyngby', 'kongens-lyngby'],
    ['koebenhavn', 'koebenhavn'],
    // A bare zip is kept: zip queries match through the aliases.
    ['8000', '8000'],
    // Decomposed å (a + combining ring), as macOS keyboards may send it.
    ['A\u030Arhus', 'aarhus'],
    ['Sankt Klemens / Odense', 'sankt-klemens-odense'],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(citySlug(name)).toBe(slug);
  });
});
