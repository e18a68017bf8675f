// Husly's service worker (docs/decisions/0063-instant-push.md). It shows instant pushes and opens
// their link, and answers a navigation with a static offline page when the network is gone. It
// caches nothing else: no page, no /api answer, nothing personal. Plain script from public/, served
// at /sw.js (scope: the whole site) and never bundled, so its URL stays the same across builds.
'use strict';

const OFFLINE_CACHE = 'husly-offline-v1';
const OFFLINE_URL = '/offline.html';
const OFFLINE_ASSETS = [OFFLINE_URL, '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(OFFLINE_ASSETS.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Caches of older versions of this worker go; the offline page is all it keeps.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== OFFLINE_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // The offline page's own image, for the offline page.
  if (url.origin === self.location.origin && url.pathname === '/icons/icon-192.png') {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
    return;
  }
  // Only page navigations, and only when the network fails: everything else goes its usual way.
  if (request.mode !== 'navigate') return;
  event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL).then((page) => page || Response.error())));
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title !== '' ? data.title : 'Husly';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      // One notification per dwelling: a repeated push replaces it instead of adding a second.
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      data: { url: typeof data.url === 'string' ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(siteUrl(event.notification.data && event.notification.data.url)));
});

/** The push's link when it is on this site (either language's host), else the front page. */
function siteUrl(value) {
  if (typeof value !== 'string') return '/';
  try {
    const url = new URL(value, self.location.origin);
    const base = self.location.hostname.replace(/^(www|en)\./, '');
    const host = url.hostname.replace(/^(www|en)\./, '');
    if ((url.protocol === 'https:' || url.protocol === 'http:') && host === base) return url.href;
  } catch {
    // not a URL
  }
  return '/';
}
