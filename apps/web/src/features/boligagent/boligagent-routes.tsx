import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-pages';

const BOLIGAGENT_PAGES = 'src/features/boligagent/pages/boligagent-pages.tsx';

/** /boligagent/…: the pages its mails link to (verification, unsubscribe, the agent by token), the three in one chunk. */
export function boligagentRoutes(): RouteObject[] {
  return [
    { path: 'boligagent/verify', ...lazyPage(BOLIGAGENT_PAGES, 'BoligagentVerifyPage') },
    { path: 'boligagent/afmeld/:token', ...lazyPage(BOLIGAGENT_PAGES, 'BoligagentUnsubscribePage') },
    { path: 'boligagent/:token', ...lazyPage(BOLIGAGENT_PAGES, 'BoligagentTokenPage') },
  ];
}
