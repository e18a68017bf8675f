import type { RouteObject } from 'react-router';
import { ConfirmUnsubscribePage } from './pages/confirm-unsubscribe-page';
import { ManualUnsubscribePage } from './pages/manual-unsubscribe-page';

/** The public unsubscribe pages (section 2: the unsubscribe page and its confirmation link). */
export function unsubscribeRoutes(): RouteObject[] {
  return [
    { path: 'afmelding', element: <ManualUnsubscribePage /> },
    { path: 'afmelding/bekraeft', element: <ConfirmUnsubscribePage /> },
  ];
}
