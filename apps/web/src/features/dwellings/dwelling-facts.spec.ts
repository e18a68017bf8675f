import { describe, expect, it } from 'vitest';
import { detail } from '../../test/dwellings-fixture';
import { dwellingExpenses, dwellingFacts } from './dwelling-facts';
import { contactReducer, initialContactState, type ContactState } from './contact-state';
import { HttpError } from '../../lib/api-client';

const byLabel = (rows: { label: string; value: string }[]) => Object.fromEntries(rows.map((r) => [r.label, r.value]));

describe('dwellingFacts', () => {
  it('formats the facts with the display rules in Danish', () => {
    expect(byLabel(dwellingFacts(detail(), 'da'))).toEqual({
      rent: '9.500 kr.',
      rooms: '3 vær.',
      size: '85 m²',
      pets: 'Nej',
      street: 'Åboulevarden 10',
      city: '8000 Aarhus C',
      economy: 'Husleje 9.500 kr. pr. måned',
      available: '01/01/2027',
      timeframe: '1-2 år',
    });
  });

  it('shows -1 as unknown, pets 1 as Ja/Yes, months and until-dates, and leaves out a missing street and economy', () => {
    const facts = byLabel(
      dwellingFacts(detail({ rent: -1, rooms: -1, size: -1, pets: 1, timeframe: '6', economy: null, location: { street: null, city: 'Aarhus C', zip: null, citySlug: 'aarhus' } }), 'en'),
    );
    expect(facts).toMatchObject({ rent: 'Unknown', rooms: 'Unknown', size: 'Unknown', pets: 'Yes', city: 'Aarhus C', timeframe: '6 months' });
    expect(facts).not.toHaveProperty('street');
    expect(facts).not.toHaveProperty('economy');
    expect(byLabel(dwellingFacts(detail({ pets: null, timeframe: '2027-06-30', available: 'Snarest' }), 'da'))).toMatchObject({
      pets: 'Ukendt',
      timeframe: 'til 30/06/2027',
      available: 'Snarest',
    });
  });

  it('lists the expense items the dwelling has, in the spec order, money in kroner', () => {
    const rows = dwellingExpenses(detail({ facts: { deposit: 28500, expenses_heat: 600, houses: 2, expenses_tv: -1, dwelling_types: ['apartment'] } }), 'da');
    expect(rows).toEqual([
      { label: 'fact_expenses_heat', value: '600 kr.' },
      { label: 'fact_expenses_tv', value: 'Ukendt' },
      { label: 'fact_deposit', value: '28.500 kr.' },
      { label: 'fact_houses', value: '2' },
      { label: 'fact_dwelling_types', value: 'apartment' },
    ]);
  });
});

describe('contactReducer (section 4)', () => {
  const loading: ContactState = { status: 'loading' };
  const fail = (status: number, body: unknown = {}) => contactReducer(loading, { type: 'failure', error: new HttpError(status, body) });

  it('starts unfetched for a contactable dwelling and unavailable otherwise', () => {
    expect(initialContactState(true)).toEqual({ status: 'idle' });
    expect(initialContactState(false)).toEqual({ status: 'unavailable' });
    expect(contactReducer({ status: 'unavailable' }, { type: 'fetch' })).toEqual({ status: 'unavailable' });
  });

  it('fetching shows the contact on success', () => {
    const contact = { address: null, remark: [], type: 'private' as const, reference: null, name: 'Udlejer', email: null, phone: null, url: null };
    const state = contactReducer(contactReducer({ status: 'idle' }, { type: 'fetch' }), { type: 'success', contact });
    expect(state).toEqual({ status: 'shown', contact });
  });

  it.each([
    [401, { status: 'login' }],
    [403, { status: 'subscribe' }],
    [410, { status: 'unavailable' }],
    [500, { status: 'error' }],
    [404, { status: 'error' }],
  ])('HTTP %i → %o', (status, expected) => {
    expect(fail(status)).toEqual(expected);
  });

  it('a 403 for the limited plan keeps the count, the limit and the reset date instead of going to the subscription page', () => {
    const body = { statusCode: 403, code: 'contact-limit-reached', message: 'Du har kontaktet 10 af 10 udlejere', limit: 10, used: 10, windowDays: 14, retryAt: '2026-12-12T09:00:00.000Z' };
    expect(fail(403, body)).toEqual({
      status: 'limit',
      limit: { used: 10, limit: 10, resetsAt: '2026-12-12T09:00:00.000Z', message: 'Du har kontaktet 10 af 10 udlejere' },
    });
  });

  it('a limited-plan 403 without usable numbers keeps only the server message', () => {
    expect(fail(403, { code: 'contact-limit-reached', message: 'Grænsen er nået', used: '10', limit: -1, retryAt: 'snart' })).toEqual({
      status: 'limit',
      limit: { used: null, limit: null, resetsAt: null, message: 'Grænsen er nået' },
    });
  });

  it('a network failure is a generic error, and a retry fetches again', () => {
    const state = contactReducer(loading, { type: 'failure', error: new TypeError('fetch failed') });
    expect(state).toEqual({ status: 'error' });
    expect(contactReducer(state, { type: 'fetch' })).toEqual({ status: 'loading' });
  });
});
