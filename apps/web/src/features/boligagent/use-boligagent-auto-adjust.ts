import { useEffect } from 'react';
import { SEARCH_SLIDERS } from '@husly/domain';
import { useApi } from '../../lib/api-context';
import { useAccount } from '../accounts/use-account';
import { boligagentApi } from './boligagent-api';

/** A search as the page knows it: the city slug (when the query names a city) and the slider filters. */
export interface AutoAdjustSearch {
  area?: string;
  rent?: number;
  rooms?: number;
  size?: number;
}

type Filters = { rent?: number; rooms?: number; size?: number };

/**
 * The filters that may widen an agent: only values a slider can produce, off its "Any" end. A
 * hand-edited `?rent=0` or `?rooms=0` would otherwise reach the API, which reads it as "no limit"
 * and would wipe the agent's limit for that area.
 */
export function autoAdjustFilters(search: AutoAdjustSearch): Filters | null {
  const filters: Filters = {};
  for (const name of ['rent', 'rooms', 'size'] as const) {
    const value = search[name];
    const slider = SEARCH_SLIDERS[name];
    if (value !== undefined && value !== slider.default && value >= slider.min && value <= slider.max) filters[name] = value;
  }
  return Object.keys(filters).length > 0 ? filters : null;
}

// Searches already sent in this page session (the loaded page): the same search again, e.g.
// paging or coming back to it, would only repeat a call that changes nothing.
const sent = new Set<string>();

/** Tests start each case with nothing sent. */
export function resetAutoAdjustMemory(): void {
  sent.clear();
}

/**
 * Spec section 4, auto-adjust: a logged-in user's search of a city with at least one filter asks the
 * API to widen that area of their agent (rent max, rooms and size min). The API decides whether the
 * user has an agent with autoAdjust; the web only skips calls that cannot matter: visitors, a query
 * that is not a city, a search without filters, a search already sent. Runs in an effect, so never
 * while rendering on the server, and a failure is swallowed: it must never disturb the page.
 */
export function useBoligagentAutoAdjust(search: AutoAdjustSearch): void {
  const api = useApi();
  const session = useAccount();
  const userId = session.status === 'user' ? session.user.id : null;
  const { area, rent, rooms, size } = search;

  useEffect(() => {
    if (userId === null || !area) return;
    const current = autoAdjustFilters({ rent, rooms, size });
    if (!current) return;
    const key = JSON.stringify([userId, area, current.rent ?? null, current.rooms ?? null, current.size ?? null]);
    if (sent.has(key)) return;
    sent.add(key);
    boligagentApi(api)
      .adjust({ area, current, user: userId })
      .catch((error: unknown) => {
        if (import.meta.env.DEV) console.warn('Boligagent auto-adjust failed', error);
      });
  }, [api, userId, area, rent, rooms, size]);
}
