/** Reports per page at most: a render loop must not become a flood (the server throttles too). */
export const MAX_REPORTS_PER_PAGE = 5;

/** The beacon's address for one error (spec section 7: GET /i.gif?error=…). */
export function beaconUrl(message: string, path: string): string {
  const params = new URLSearchParams({ error: message.slice(0, 1000), path });
  return `/i.gif?${params}`;
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}${reason.stack ? `\n${reason.stack.split('\n').slice(1, 4).join('\n')}` : ''}`;
  return typeof reason === 'string' ? reason : 'Unknown error';
}

/**
 * Sends the page's script errors to the error beacon: each message once, at most five a page. The
 * path goes without its query, which may hold a mail's link token (?user=…).
 */
export function createErrorReporter(send: (url: string) => void, pathOf: () => string) {
  const seen = new Set<string>();
  return (reason: unknown): void => {
    const message = describe(reason);
    if (seen.size >= MAX_REPORTS_PER_PAGE || seen.has(message)) return;
    seen.add(message);
    try {
      send(beaconUrl(message, pathOf()));
    } catch {
      // Reporting must never throw into the page.
    }
  };
}

export function installErrorBeacon(win: Window & Pick<typeof globalThis, 'Image'>): (reason: unknown) => void {
  const report = createErrorReporter(
    (url) => {
      new win.Image().src = url;
    },
    () => win.location.pathname,
  );
  win.addEventListener('error', (event) => report(event.error ?? event.message));
  win.addEventListener('unhandledrejection', (event) => report(event.reason));
  return report;
}
