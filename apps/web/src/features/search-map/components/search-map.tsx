import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import L from 'leaflet';
// Both plugins extend the global L that Leaflet sets, so they are evaluated after it.
import 'leaflet.markercluster';
import '@geoman-io/leaflet-geoman-free';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { DwellingListItem, DwellingListResponse } from '@husly/contracts';
import { formatRent, formatRooms, formatSize, readSearchArea, SEARCH, writeSearchArea, type AreaPoint } from '@husly/domain';
import { parseListFilters } from '../../search/search-params';
import { fetchList, type ListRequest } from '../../dwellings/dwellings-api';
import { useApi } from '../../../lib/api-context';
import { usePublicSettings } from '../../../lib/public-settings';
import { useSite } from '../../../lib/site-context';
import { useTranslation } from '../../../lib/use-translation';
import { areaOfDrawing, circleCorners, type AreaProblem } from '../map-area';
import { areaHref } from '../../search/search-view';
import styles from './search-map.module.css';

/** Denmark as a whole, before the results are known. */
const DENMARK_CENTER: L.LatLngTuple = [56.2, 11.2];
const DENMARK_ZOOM = 6;
// Geoman's markers (the drawing's cursor and corners) are mouse handles, not something to tab to or
// name; keyboard users have the list. The results' markers ask for the keyboard themselves.
L.Marker.mergeOptions({ keyboard: false });
const AREA_STYLE: L.PathOptions = { color: '#1d5c4d', weight: 3, fillColor: '#1d5c4d', fillOpacity: 0.08 };

type Located = DwellingListItem & { lat: number; lng: number };
type Results = { ok: true; located: Located[]; shown: number; total: number; capped: boolean } | { ok: false };

/**
 * The map of a list page (issue 34; loaded only when the visitor chooses it, SearchMapSlot): the
 * search's results as clustered markers, a marker opening a small card, and an area to draw (a
 * polygon or a circle) that narrows the search. The URL is the state: drawing writes `area`, the
 * list and this map read it, the back button undoes it.
 *
 * The map asks the API for the same list as the page, from its first result and as many as one
 * request may have (SEARCH.maxPageSize), since the list's cards carry no coordinates
 * (docs/decisions/0023); more than that, and it says so: drawing an area shows those inside it.
 */
export function SearchMap({ request }: { request: ListRequest }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const api = useApi();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { map: settings } = usePublicSettings();
  const box = useRef<HTMLDivElement>(null);
  const cardLink = useRef<HTMLAnchorElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [selected, setSelected] = useState<Located | null>(null);
  const [drawing, setDrawing] = useState<'Polygon' | 'Circle' | null>(null);
  const [problem, setProblem] = useState<AreaProblem | null>(null);
  // The URL's area as the list reads it (a bad one is dropped, 0013), canonical: one area, one text.
  const urlArea = parseListFilters(new URLSearchParams(search)).area;
  const areaText = urlArea ? writeSearchArea(urlArea) : null;

  // The map, its tiles and its two layers: once.
  useEffect(() => {
    if (!box.current) return;
    // Geoman on the map only (its drawing tools): the markers and the area are not for editing.
    L.PM.setOptIn(true);
    const created = L.map(box.current, { pmIgnore: false }).setView(DENMARK_CENTER, DENMARK_ZOOM);
    L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: 19 }).addTo(created);
    created.pm.setLang(language === 'da' ? 'da' : 'en');
    setMap(created);
    return () => {
      // A zoom or pan under way ends first: its frames and timers would reach the removed panes.
      created.stop();
      created.remove();
    };
  }, [settings.tileUrl, settings.attribution, language]);

  // The results: the page's request from its first result, at the largest page size.
  const requestKey = JSON.stringify(request);
  useEffect(() => {
    const controller = new AbortController();
    const query: Record<string, string | number> = { ...request.query, pageSize: SEARCH.maxPageSize };
    delete query.start;
    setResults(null);
    fetchList(api, { path: request.path, query }, controller.signal).then(
      (list: DwellingListResponse) => {
        const located = list.data.filter((item): item is Located => item.lat !== null && item.lng !== null && item.deletedAt === null);
        setResults({ ok: true, located, shown: list.data.length, total: list.meta.total, capped: list.meta.total > list.data.length || list.meta.capped === true });
      },
      () => {
        if (!controller.signal.aborted) setResults({ ok: false });
      },
    );
    return () => controller.abort();
    // requestKey stands for request: a new object with the same query is the same list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, requestKey]);

  // The markers, clustered; a cluster's label says how many it holds.
  useEffect(() => {
    if (!map || !results?.ok) return;
    const clusters = L.markerClusterGroup({
      showCoverageOnHover: false,
      iconCreateFunction: (cluster) => clusterIcon(t('searchMap.cluster', { count: cluster.getChildCount() }), cluster.getChildCount()),
    });
    for (const item of results.located) {
      const marker = L.marker([item.lat, item.lng], { icon: markerIcon(item.headline), keyboard: true });
      marker.on('click', () => setSelected(item));
      // Leaflet answers Enter on a marker only for a popup of its own: the card is ours.
      marker.on('keypress', (event: L.LeafletKeyboardEvent) => event.originalEvent.key === 'Enter' && setSelected(item));
      clusters.addLayer(marker);
    }
    // Enter on a cluster does what a click does: zoom to its dwellings.
    clusters.on('clusterkeypress', (event) => {
      if ((event as L.LeafletKeyboardEvent).originalEvent.key === 'Enter') (event as unknown as { layer: L.MarkerCluster }).layer.zoomToBounds();
    });
    clusters.addTo(map);
    // Without an area, the map shows where the results are; with one, the area (below).
    if (!areaText && results.located.length > 0) map.fitBounds(clusters.getBounds(), { padding: [24, 24], maxZoom: 14, animate: false });
    return () => {
      clusters.remove();
    };
  }, [map, results, areaText, t]);

  // The drawn area, as the URL has it.
  useEffect(() => {
    const ring = areaText ? readSearchArea(areaText).value : undefined;
    if (!map || !ring) return;
    const shape = L.polygon(ring.map(([lat, lng]): L.LatLngTuple => [lat, lng]), { ...AREA_STYLE, interactive: false }).addTo(map);
    // Not animated: a zoom still running when the page moves on (the back button) would reach a removed map.
    map.fitBounds(shape.getBounds(), { padding: [24, 24], animate: false });
    return () => {
      shape.remove();
    };
  }, [map, areaText]);

  // A shape drawn: its ring goes to the URL (the drawn layer itself goes; the URL's area is drawn).
  useEffect(() => {
    if (!map) return;
    const created = (event: { shape: string; layer: L.Layer }) => {
      map.removeLayer(event.layer);
      setDrawing(null);
      let corners: AreaPoint[];
      if (event.layer instanceof L.Circle) {
        const center = event.layer.getLatLng();
        corners = circleCorners([center.lat, center.lng], event.layer.getRadius());
      } else if (event.layer instanceof L.Polygon) {
        corners = (event.layer.getLatLngs()[0] as L.LatLng[]).map((p): AreaPoint => [p.lat, p.lng]);
      } else {
        return;
      }
      const area = areaOfDrawing(corners);
      if ('problem' in area) {
        setProblem(area.problem);
        return;
      }
      setProblem(null);
      setSelected(null);
      void navigate(areaHref(pathname, search, area.text), { preventScrollReset: true });
    };
    const ended = () => setDrawing(null);
    map.on('pm:create', created);
    map.on('pm:drawend', ended);
    return () => {
      map.off('pm:create', created);
      map.off('pm:drawend', ended);
    };
  }, [map, navigate, pathname, search]);

  // A card opened from a marker (a click, or Enter on it) takes the focus, so a keyboard can follow its link.
  useEffect(() => {
    if (selected) cardLink.current?.focus({ preventScroll: true });
  }, [selected]);

  const draw = (shape: 'Polygon' | 'Circle') => {
    if (!map) return;
    setProblem(null);
    setDrawing(shape);
    map.pm.enableDraw(shape, { allowSelfIntersection: false, templineStyle: AREA_STYLE, hintlineStyle: { ...AREA_STYLE, dashArray: '5,5' }, pathOptions: AREA_STYLE });
  };
  const stopDrawing = () => {
    map?.pm.disableDraw();
    setDrawing(null);
  };
  const clearArea = () => {
    setProblem(null);
    void navigate(areaHref(pathname, search, null), { preventScrollReset: true });
  };

  return (
    // While drawing, a click on a result or a cluster is a corner of the area, not a zoom or a card.
    <div className={`${styles.wrap} ${drawing ? styles.drawing : ''}`} data-testid="search-map">
      <div className={styles.tools}>
        {drawing ? (
          <>
            <p className={styles.hint} role="status">
              {t(drawing === 'Polygon' ? 'searchMap.polygonHint' : 'searchMap.circleHint')}
            </p>
            <button type="button" className="button button-secondary" onClick={stopDrawing}>
              {t('searchMap.cancelDrawing')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button-secondary" onClick={() => draw('Polygon')} disabled={!map}>
              {t('searchMap.drawPolygon')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => draw('Circle')} disabled={!map}>
              {t('searchMap.drawCircle')}
            </button>
            {areaText && (
              <button type="button" className="button button-secondary" onClick={clearArea}>
                {t('searchMap.clearArea')}
              </button>
            )}
          </>
        )}
      </div>
      {problem && (
        <p className={styles.problem} role="alert">
          {t(`searchMap.problem_${problem}`)}
        </p>
      )}
      <div className={styles.frame}>
        <div ref={box} className={styles.map} role="region" aria-label={t('searchMap.mapLabel')} aria-busy={results === null} />
        {selected && (
          <div className={styles.card} data-testid="map-card">
            <Link ref={cardLink} to={`/vis/${selected.dwellingId}`} className={styles.cardHeadline}>
              {selected.headline}
            </Link>
            <p className={styles.cardRent}>{formatRent(selected.rent, language)}</p>
            <p className={styles.cardFacts}>
              {formatRooms(selected.rooms, language)} · {formatSize(selected.size, language)} · {selected.city}
            </p>
            <button type="button" className={styles.close} aria-label={t('searchMap.closeCard')} onClick={() => setSelected(null)}>
              ×
            </button>
          </div>
        )}
      </div>
      <p className={styles.note} role="status">
        {results === null
          ? t('searchMap.loading')
          : !results.ok
            ? t('searchMap.error')
            : results.capped
              ? t('searchMap.capped', { shown: results.shown, total: results.total })
              : t('searchMap.shown', { count: results.located.length })}
      </p>
    </div>
  );
}

/**
 * A marker's icon with an accessible name: Leaflet makes a marker a focusable role=button (Enter opens
 * it), which needs one; a DivIcon has no alt text, so the name is an aria-label.
 */
const LabelledIcon = L.DivIcon.extend({
  createIcon(this: L.DivIcon & { options: { label: string } }, old?: HTMLElement) {
    const element = L.DivIcon.prototype.createIcon.call(this, old);
    element.setAttribute('aria-label', this.options.label);
    return element;
  },
}) as unknown as new (options: L.DivIconOptions & { label: string }) => L.DivIcon;

const markerIcon = (label: string) => new LabelledIcon({ label, html: '', className: styles.marker, iconSize: [26, 26] });

/** markercluster's own look (small, medium, large by count), named. */
function clusterIcon(label: string, count: number): L.DivIcon {
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return new LabelledIcon({ label, html: `<div><span>${count}</span></div>`, className: `marker-cluster marker-cluster-${size}`, iconSize: [40, 40] });
}
