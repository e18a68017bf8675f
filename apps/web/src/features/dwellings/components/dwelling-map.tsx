import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { MAP } from '@husly/domain';
import { usePublicSettings } from '../../../lib/public-settings';
import styles from './dwelling-detail.module.css';

/**
 * Leaflet map at zoom 14, 250 px high (section 9). Leaflet touches `window` when it loads, so it is
 * imported in the effect: the server renders the empty box and the browser fills it. Tiles come from
 * config.map (embedded in the page state). Leaflet (43 KB gzip with its CSS) and the tiles load once
 * the box comes near the screen: on a phone the map is below the fold, and a visitor who never
 * scrolls to it should not pay for it (issue 16).
 */
export function DwellingMap({ lat, lng }: { lat: number; lng: number }) {
  const { t } = useTranslation();
  const { map: settings } = usePublicSettings();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let remove: (() => void) | undefined;
    const load = () =>
      void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([leaflet]) => {
        const L = (leaflet as unknown as { default?: typeof import('leaflet') }).default ?? leaflet;
        if (cancelled || !box.current) return;
        const map = L.map(box.current, { scrollWheelZoom: false }).setView([lat, lng], MAP.zoom);
        L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: 19 }).addTo(map);
        L.circleMarker([lat, lng], { radius: 9, color: '#1d5c4d', fillColor: '#1d5c4d', fillOpacity: 0.85 }).addTo(map);
        remove = () => map.remove();
      });
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      load();
    } else {
      // A screen ahead, so the map is usually drawn by the time it scrolls into view.
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          load();
        },
        { rootMargin: '100% 0px' },
      );
      observer.observe(element);
      remove = () => observer.disconnect();
    }
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [lat, lng, settings.tileUrl, settings.attribution]);

  return <div ref={box} className={styles.map} style={{ height: MAP.heightPx }} role="region" aria-label={t('dwelling.map')} data-lat={lat} data-lng={lng} />;
}
