import { describe, expect, it } from 'vitest';
import type { BoligagentPrefView } from '@husly/contracts';
import { agentSearchHref } from './components/boligagent-panel';

const pref = (over: Partial<BoligagentPrefView>): BoligagentPrefView => ({
  id: 1,
  area: 'koebenhavn',
  areaLabel: 'København',
  rent: null,
  rooms: null,
  size: null,
  status: 'active',
  ...over,
});

// Issue 15: "Find boliger" on /boligagent/{token} went to a bare /search.
describe('agentSearchHref ("Find boliger" of the agent panel)', () => {
  it.each([
    [[pref({ rent: 9000, rooms: 2, size: 50 })], '/search?q=K%C3%B8benhavn&rent=9000&rooms=2&size=50'],
    [[pref({})], '/search?q=K%C3%B8benhavn'],
    [[pref({ status: 'inactive', areaLabel: 'Odense' }), pref({ areaLabel: 'Aarhus', rent: 7000 })], '/search?q=Aarhus&rent=7000'],
    [[pref({ status: 'inactive', areaLabel: 'Odense', rooms: 3 })], '/search?q=Odense&rooms=3'],
    [[], '/search'],
  ])('%j → %s', (prefs, href) => {
    expect(agentSearchHref(prefs)).toBe(href);
  });
});
