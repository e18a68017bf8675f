import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { MAP } from '@husly/domain';
import { usePublicSettings } from '../../../lib/public-settings';
import styles from './dwelling-detail.module.css';

/**
 * Leaflet map at zoom 14, 250 px high (section 9). Leaflet touches `window` when it loads, so it is
 * imported in the effect: the server renders the empty box and the browser fills it. Tiles come from
 * config.map (embedded in the page state).
 */
export function DwellingMap({ lat, lng }: { lat: number; lng: number }) {
  const { t } = useTranslation();
  const { map: settings } = usePublicSettings();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let remove: (() => void) | undefined;
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([leaflet]) => {
      const L = (leaflet as unknown as { default?: typeof import('leaflet') }).default ?? leaflet;
      if (cancelled || !box.current) return;
      const map = L.map(box.current, { scrollWheelZoom: false }).setView([lat, lng], MAP.zoom);
      L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: 19 }).addTo(map);
      L.circleMarker([lat, lng], { radius: 9, color: '#1d5c4d', fillColor: '#1d5c4d', fillOpacity: 0.85 }).addTo(map);
      remove = () => map.remove();
    });
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [lat, lng, settings.tileUrl, settings.attribution]);

  return <div ref={box} className={styles.map} style={{ height: MAP.heightPx }} role="region" aria-label={t('dwelling.map')} data-lat={lat} data-lng={lng} />;
}
