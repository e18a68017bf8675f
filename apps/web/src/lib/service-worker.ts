/** The service worker's script (scope: the whole site, so a click on a push can open any page). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers /sw.js (apps/web/public/sw.js: pushes and the offline page, docs/decisions/0063) once the
 * page has loaded, so it never competes with the page's own requests. Nothing where the browser has
 * no service workers (or on http other than localhost, where the browser refuses them).
 */
export function registerServiceWorker(win: Window = window): void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return;
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // No worker means no offline page and no push toggle; the site itself works the same.
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
