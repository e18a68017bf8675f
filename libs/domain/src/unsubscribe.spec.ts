import { describe, expect, it } from 'vitest';
import { FOUND_WHERE, isFoundDwellingReason, manualDetailsMatch, normalizePhone, type UnsubscribeReason } from './unsubscribe';

describe('isFoundDwellingReason: the subscription stays in view only for a found-dwelling reason (section 4)', () => {
  it.each<[UnsubscribeReason | null, boolean]>([
    ['FOUND_DWELLING', true],
    ['FOUND_NO_DWELLING', false],
    ...FOUND_WHERE.map((w): [UnsubscribeReason, boolean] => [w, true]),
    [{ foundDwelling: true, where: 'found-portal' }, true],
    [{ foundDwelling: false, text: 'Too expensive' }, false],
    [null, false],
  ])('%j -> %s', (reason, expected) => expect(isFoundDwellingReason(reason)).toBe(expected));

  it('has the five where-answers of section 3, spelled found-…', () => {
    expect(FOUND_WHERE).toHaveLength(5);
    expect(FOUND_WHERE.every((w) => w.startsWith('found-'))).toBe(true);
  });
});

describe('manualDetailsMatch: the account email plus its name or phone', () => {
  const account = { email: 'sofie@husly.test', name: 'Sofie Søger', phones: ['+45 12 34 56 78'] };
  it.each([
    [{ email: 'Sofie@Husly.test ', name: ' sofie  søger', phone: '1' }, true],
    [{ email: 'sofie@husly.test', name: 'Someone Else', phone: '0045 12345678' }, true],
    [{ email: 'sofie@husly.test', name: 'Someone Else', phone: '87654321' }, false],
    [{ email: 'other@husly.test', name: 'Sofie Søger', phone: '12345678' }, false],
    [{ email: 'sofie@husly.test', name: 'Someone Else', phone: '5678' }, false],
  ])('%j -> %s', (form, expected) => expect(manualDetailsMatch(form, account)).toBe(expected));

  it('compares phones by their last 8 digits', () => {
    expect(normalizePhone('+45 12-34 56 78')).toBe('12345678');
  });
});
