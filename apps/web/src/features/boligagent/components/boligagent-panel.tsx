import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { BoligagentFrequencyValue, BoligagentMapAreaView, BoligagentPrefView, BoligagentView } from '@husly/contracts';
import { BOLIGAGENT_MAX_MAP_AREAS, readSearchArea, searchAreaCorners, searchAreaSquareKm, type BoligagentErrorCode } from '@husly/domain';
import { useApi } from '../../../lib/api-context';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { filterQuery, searchHref } from '../../search/search-params';
import { boligagentApi, boligagentErrorCode } from '../boligagent-api';
import { FormMessage } from '../../../components/ui/alerts';
import { CheckboxField, Field, TextField } from '../../../components/ui/form-field';
import styles from '../boligagent.module.css';
import { PushToggle } from '../push/push-toggle';

const FREQUENCIES: BoligagentFrequencyValue[] = ['instant', 'daily', 'weekly'];

/**
 * "Find boliger": the search the agent watches, its first active area (else its first) with that
 * area's rent, rooms and size; a bare /search only for an agent without areas.
 */
export function agentSearchHref(prefs: readonly BoligagentPrefView[]): string {
  const pref = prefs.find((p) => p.status === 'active') ?? prefs[0];
  if (!pref) return '/search';
  return searchHref({ q: pref.areaLabel, rent: pref.rent ?? undefined, rooms: pref.rooms ?? undefined, size: pref.size ?? undefined });
}

/**
 * The agent panel of /boligagent/{token}, /boligagent/verify and the profile's BoligAgent tab:
 * area, rent, rooms, size per row; Edit and Delete on active rows, Activate on inactive ones;
 * frequency, the off switch, auto-adjust (logged-in users) and delete all.
 */
export function BoligagentPanel({
  agent,
  token,
  showAutoAdjust,
  onChange,
}: {
  agent: BoligagentView;
  /** A visitor's agent is named by its token; a user's by the login. */
  token?: string;
  showAutoAdjust: boolean;
  onChange(agent: BoligagentView | null): void;
}) {
  const { t, language } = useTranslation();
  const api = boligagentApi(useApi());
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState<BoligagentErrorCode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // One change at a time: each row's button, the settings and delete all send once however often pressed.
  const { busy, running, run: once } = useBusyAction();
  const ref = { token, id: agent.id };
  // "Gemt." belongs to the last save: editing again makes it stale (issue 15).
  const edit = (area: string | null) => {
    setNotice(null);
    setEditing(area);
  };

  async function run(name: string, action: () => Promise<BoligagentView | null>, saved = true) {
    const done = await once(async () => {
      setFailure(null);
      setNotice(null);
      try {
        const next = await action();
        onChange(next);
        if (saved) setNotice(t('boligagent.panel.saved'));
        return true;
      } catch (error) {
        setFailure(boligagentErrorCode(error));
        return false;
      }
    }, name);
    return done === true;
  }

  const deleteAll = () => {
    if (!window.confirm(t('boligagent.panel.confirmDeleteAll'))) return;
    void run('delete-all', async () => {
      await api.remove(ref);
      return null;
    }, false);
  };

  return (
    <div className={styles.card} data-testid="boligagent-panel">
      <p className={styles.muted}>{t('boligagent.panel.sendsTo', { email: agent.email })}</p>
      {!agent.enabled && (
        <FormMessage kind="error" role={false}>
          {t('boligagent.panel.off')}
        </FormMessage>
      )}
      {agent.prefs.length === 0 && agent.mapAreas.length === 0 ? (
        <p className={styles.muted}>{t('boligagent.panel.empty')}</p>
      ) : agent.prefs.length === 0 ? null : (
        <ul className={styles.prefs} aria-label={t('boligagent.panel.title')}>
          {agent.prefs.map((pref) =>
            editing === pref.area ? (
              <li key={pref.id} className={styles.pref}>
                <PrefEditor
                  title={pref.areaLabel}
                  values={pref}
                  busy={busy}
                  saving={running === `save-${pref.area}`}
                  onCancel={() => edit(null)}
                  onSave={async (values) => {
                    if (await run(`save-${pref.area}`, () => api.update({ ...ref, area: pref.area, prefs: [values] }))) setEditing(null);
                  }}
                />
              </li>
            ) : (
              <li key={pref.id} className={`${styles.pref} ${pref.status === 'inactive' ? styles.prefInactive : ''}`} data-testid="boligagent-pref">
                <SliderFacts row={pref}>
                  {pref.areaLabel}
                  {pref.status === 'inactive' && ` (${t('boligagent.panel.inactive')})`}
                </SliderFacts>
                <div className={styles.actions}>
                  {pref.status === 'active' ? (
                    <>
                      <button type="button" className={`button button-secondary ${styles.small}`} disabled={busy} onClick={() => edit(pref.area)}>
                        {t('boligagent.panel.edit')}
                      </button>
                      <button type="button" className={`button button-secondary ${styles.small}`} {...busyButton(busy, running === `delete-${pref.area}`)} onClick={() => void run(`delete-${pref.area}`, () => api.deletePref({ ...ref, area: pref.area }))}>
                        {t('boligagent.panel.delete')}
                      </button>
                    </>
                  ) : (
                    <button type="button" className={`button button-primary ${styles.small}`} {...busyButton(busy, running === `activate-${pref.area}`)} onClick={() => void run(`activate-${pref.area}`, () => api.activatePref({ ...ref, area: pref.area }))}>
                      {t('boligagent.panel.activate')}
                    </button>
                  )}
                </div>
              </li>
            ),
          )}
        </ul>
      )}

      {agent.mapAreas.length > 0 && (
        <ul className={styles.prefs} aria-label={t('boligagent.panel.mapAreas')} data-testid="boligagent-map-areas">
          {agent.mapAreas.map((area) => {
            const key = `map-area-${area.id}`;
            // Sent as the area's new values: PUT with mapAreas sets an area's sliders and switches it on.
            const save = (values: SliderValues) => run(`save-${key}`, () => api.update({ ...ref, mapAreas: [{ area: area.area, ...values }] }));
            return editing === key ? (
              <li key={area.id} className={styles.pref}>
                <PrefEditor
                  title={t('boligagent.panel.mapArea')}
                  values={area}
                  busy={busy}
                  saving={running === `save-${key}`}
                  onCancel={() => edit(null)}
                  onSave={async (values) => {
                    if (await save(values)) setEditing(null);
                  }}
                />
              </li>
            ) : (
              <li key={area.id} className={`${styles.pref} ${styles.prefStacked} ${area.status === 'inactive' ? styles.prefInactive : ''}`} data-testid="boligagent-map-area">
                <SliderFacts row={area}>
                  {t('boligagent.panel.mapArea')}
                  {area.status === 'inactive' && ` (${t('boligagent.panel.inactive')})`}
                  <MapAreaShape area={area.area} />
                </SliderFacts>
                <div className={styles.actions}>
                  <Link to={mapAreaSearchHref(area)} className={`button button-secondary ${styles.small}`}>
                    {t('boligagent.panel.showOnMap')}
                  </Link>
                  {area.status === 'active' ? (
                    <button type="button" className={`button button-secondary ${styles.small}`} disabled={busy} onClick={() => edit(key)}>
                      {t('boligagent.panel.edit')}
                    </button>
                  ) : (
                    <button type="button" className={`button button-primary ${styles.small}`} {...busyButton(busy, running === `save-${key}`)} onClick={() => void save({ rent: area.rent, rooms: area.rooms, size: area.size })}>
                      {t('boligagent.panel.activate')}
                    </button>
                  )}
                  <button
                    type="button"
                    className={`button button-secondary ${styles.small}`}
                    {...busyButton(busy, running === `delete-${key}`)}
                    onClick={() => void run(`delete-${key}`, () => api.deleteMapArea({ ...ref, areaId: area.id }))}
                  >
                    {t('boligagent.panel.delete')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {(agent.mapAreas.length > 0 || agent.prefs.length > 0) && (
        <p className={styles.muted} data-testid="boligagent-map-area-cap">
          {t(agent.mapAreas.length >= BOLIGAGENT_MAX_MAP_AREAS ? 'boligagent.panel.mapAreasFull' : 'boligagent.panel.mapAreasRoom', { max: BOLIGAGENT_MAX_MAP_AREAS })}
        </p>
      )}

      <div className={styles.settings}>
        <Field label={t('boligagent.panel.frequency')}>
          {(control) => (
            <select
              {...control}
              value={agent.frequency}
              disabled={busy}
              onChange={(event) => void run('frequency', () => api.settings({ ...ref, frequency: event.target.value as BoligagentFrequencyValue }))}
            >
              {FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t(`boligagent.panel.frequencies.${f}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <CheckboxField checked={agent.enabled} disabled={busy} onChange={(enabled) => void run('enabled', () => api.settings({ ...ref, enabled }))} label={t('boligagent.panel.enabled')} />
        <CheckboxField
          checked={agent.changeAlerts}
          disabled={busy}
          onChange={(changeAlerts) => void run('change-alerts', () => api.settings({ ...ref, changeAlerts }))}
          label={t('boligagent.panel.changeAlerts')}
        />
        {agent.frequency === 'instant' && agent.verified && agent.enabled && <PushToggle token={token} language={language} />}
        {showAutoAdjust && (
          <CheckboxField checked={agent.autoAdjust} disabled={busy} onChange={(autoAdjust) => void run('auto-adjust', () => api.settings({ autoAdjust }))} label={t('boligagent.panel.autoAdjust')} />
        )}
        <div className={styles.actions}>
          <Link to={agent.prefs.length === 0 && agent.mapAreas[0] ? mapAreaSearchHref(agent.mapAreas[0]) : agentSearchHref(agent.prefs)} className={`button button-secondary ${styles.small}`}>
            {t('boligagent.panel.search')}
          </Link>
          <button type="button" className={styles.linkButton} {...busyButton(busy, running === 'delete-all')} onClick={deleteAll}>
            {t('boligagent.panel.deleteAll')}
          </button>
        </div>
      </div>
      {notice && (
        <p className={styles.muted} role="status">
          {notice}
        </p>
      )}
      {failure && (
        <FormMessage kind="error">{t(`boligagent.errors.${failure}`, { max: BOLIGAGENT_MAX_MAP_AREAS })}</FormMessage>
      )}
    </div>
  );
}

type SliderValues = Pick<BoligagentPrefView, 'rent' | 'rooms' | 'size'>;

/** A row's area (its children), rent, rooms and size: a city pref's and a drawn area's alike. */
function SliderFacts({ row, children }: { row: SliderValues; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.prefFacts}>
      <div>
        <dt>{t('boligagent.panel.area')}</dt>
        <dd>{children}</dd>
      </div>
      <div>
        <dt>{t('boligagent.panel.rent')}</dt>
        <dd>{row.rent === null ? t('boligagent.panel.any') : t('boligagent.panel.rentMax', { rent: row.rent.toLocaleString('da-DK') })}</dd>
      </div>
      <div>
        <dt>{t('boligagent.panel.rooms')}</dt>
        <dd>{row.rooms === null ? t('boligagent.panel.any') : t('boligagent.panel.roomsMin', { rooms: row.rooms })}</dd>
      </div>
      <div>
        <dt>{t('boligagent.panel.size')}</dt>
        <dd>{row.size === null ? t('boligagent.panel.any') : t('boligagent.panel.sizeMin', { size: row.size })}</dd>
      </div>
    </dl>
  );
}

/** "4 hjørner · ca. 14 km²": tells the drawn areas apart without a map (a map of each would load Leaflet here). */
function MapAreaShape({ area }: { area: string }) {
  const { t, language } = useTranslation();
  const read = readSearchArea(area);
  // The API stores only areas its reader took; a stored one the rules later refuse is shown unnamed.
  if (read.error) return null;
  const km2 = searchAreaSquareKm(read.value);
  const locale = language === 'en' ? 'en-GB' : 'da-DK';
  return (
    <span className={styles.areaShape}>
      {t('boligagent.panel.mapAreaShape', { corners: searchAreaCorners(read.value), km2: km2.toLocaleString(locale, { maximumFractionDigits: km2 < 10 ? 1 : 0 }) })}
    </span>
  );
}

/** The search of a drawn area, on the map, with the area's sliders (all of Denmark inside the area: no q). */
export function mapAreaSearchHref(area: Pick<BoligagentMapAreaView, 'area' | 'rent' | 'rooms' | 'size'>): string {
  const read = readSearchArea(area.area);
  const query = filterQuery({ area: read.value, rent: area.rent ?? undefined, rooms: area.rooms ?? undefined, size: area.size ?? undefined });
  query.set('view', 'map');
  return `/search?${query.toString()}`;
}

function PrefEditor({
  title,
  values,
  busy,
  saving,
  onSave,
  onCancel,
}: {
  /** The row's area as its heading: a city's label, or "Tegnet område". */
  title: string;
  values: SliderValues;
  busy: boolean;
  saving: boolean;
  onSave(values: SliderValues): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [rent, setRent] = useState(values.rent?.toString() ?? '');
  const [rooms, setRooms] = useState(values.rooms?.toString() ?? '');
  const [size, setSize] = useState(values.size?.toString() ?? '');
  const number = (value: string) => (value.trim() === '' ? null : Number.parseInt(value, 10) || null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ rent: number(rent), rooms: number(rooms), size: number(size) });
  };
  return (
    <form method="post" className={styles.form} onSubmit={submit}>
      <strong>{title}</strong>
      <div className={styles.editGrid}>
        {(
          [
            ['rentLabel', rent, setRent],
            ['roomsLabel', rooms, setRooms],
            ['sizeLabel', size, setSize],
          ] as const
        ).map(([key, value, set]) => (
          <TextField key={key} label={t(`boligagent.panel.${key}`)} type="number" inputMode="numeric" min={0} value={value} placeholder={t('boligagent.panel.any')} onChange={set} />
        ))}
      </div>
      <div className={styles.actions}>
        <button type="submit" className={`button button-primary ${styles.small}`} {...busyButton(busy, saving)}>
          {saving ? t('boligagent.panel.saving') : t('boligagent.panel.save')}
        </button>
        <button type="button" className={`button button-secondary ${styles.small}`} onClick={onCancel}>
          {t('boligagent.panel.cancel')}
        </button>
      </div>
    </form>
  );
}
