import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { boligagentApi } from '../boligagent-api';

/**
 * Spec section 7: a page opened with ?user= (a link of a boligagent mail) makes one
 * POST /api/notificationLog {user, source, type, dwellingId}. Rendered once in the layout.
 */
export function BoligagentNotificationLogger() {
  const api = useApi();
  const location = useLocation();
  const logged = useRef(new Set<string>());

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const user = params.get('user');
    if (!user) return;
    const key = `${location.pathname}?${user}`;
    if (logged.current.has(key)) return;
    logged.current.add(key);
    const dwelling = /^\/vis\/(\d+)/.exec(location.pathname)?.[1];
    boligagentApi(api)
      .logNotification({ user, source: params.get('source') ?? 'boligagent', type: 'click', ...(dwelling ? { dwellingId: Number(dwelling) } : {}) })
      .catch(() => undefined); // a lost click count must never disturb the page
  }, [api, location.pathname, location.search]);

  return null;
}
