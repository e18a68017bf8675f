import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { DWELLING_TYPES, formatDkk, SEARCH_COST_SLIDER, SEARCH_SLIDERS, SEARCH_SORTS, SEARCH_TIMEFRAMES } from '@husly/domain';
import { activeFilterCount, filterQuery, parseListFilters, SLIDER_NAMES, type ListFilters } from '../search-params';
import { sliderValueText } from '../sliders';
import { CheckboxField, SelectField, SliderField, TextField } from '../../../components/ui/form-field';
import styles from './filter-panel.module.css';

/** After the last slider move, the list reloads this much later (a drag is one navigation, not fifty). */
const SLIDER_DELAY_MS = 350;

type SliderField = 'rent' | 'rooms' | 'size' | 'monthly';
const SLIDER_BOUNDS = { ...SEARCH_SLIDERS, ...SEARCH_COST_SLIDER };

/**
 * The filters on the results and city pages (issue 15). The URL is the state: every change
 * navigates (react-router, so the loader reloads the list without a page load, and the back
 * button undoes it); sliders after a short pause. Without JavaScript it is a GET form to the same
 * page. On phones the panel opens from a "Filtre" button; the order stays in view.
 */
export function FilterPanel({ hidden = {} }: { hidden?: Record<string, string> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = useId();
  const filters = parseListFilters(new URLSearchParams(search));
  const [open, setOpen] = useState(false);
  // Slider values while they move, before the URL has them.
  const [draft, setDraft] = useState<Partial<Record<SliderField, number>>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The URL moved (a navigation, the back button): it is the state again.
  useEffect(() => setDraft({}), [search]);

  const apply = (next: ListFilters) => {
    clearTimeout(timer.current);
    const query = filterQuery(next, new URLSearchParams(hidden));
    const qs = query.toString();
    // A new filter starts from the first page: `start` is not kept.
    void navigate(`${pathname}${qs ? `?${qs}` : ''}`, { preventScrollReset: true });
  };
  const set = <K extends keyof ListFilters>(field: K, value: ListFilters[K] | undefined) => {
    const next = { ...filters, ...draftFilters(draft) };
    if (value === undefined) delete next[field];
    else next[field] = value;
    apply(next);
  };
  const slide = (field: SliderField, value: number) => {
    const nextDraft = { ...draft, [field]: value };
    setDraft(nextDraft);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply({ ...filters, ...draftFilters(nextDraft) }), SLIDER_DELAY_MS);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply({ ...filters, ...draftFilters(draft) });
    setOpen(false);
  };

  const sliderValue = (field: SliderField) => draft[field] ?? filters[field] ?? SLIDER_BOUNDS[field].default;
  const count = activeFilterCount(filters);
  const panelId = `${id}-panel`;

  return (
    <form className={styles.filters} method="get" action={pathname} onSubmit={submit} role="search" aria-label={t('filters.label')}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={styles.toolbar}>
        <button type="button" className={`button button-secondary ${styles.toggle}`} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
          {count > 0 ? t('filters.openWithCount', { count }) : t('filters.open')}
        </button>
        <SelectField
          label={t('filters.sort')}
          className={styles.sort}
          labelClassName={styles.sortText}
          name="sort"
          options={SEARCH_SORTS}
          optionLabel={(sort) => t(`filters.sort_${sort}`)}
          value={filters.sort ?? 'newest'}
          onChange={(sort) => set('sort', sort === 'newest' || sort === '' ? undefined : sort)}
        />
      </div>

      <div id={panelId} className={`${styles.panel} ${open ? styles.open : ''}`}>
        <div className={styles.sliders}>
          {([...SLIDER_NAMES, 'monthly'] as const).map((field) => {
            const bounds = SLIDER_BOUNDS[field];
            const value = sliderValue(field);
            return (
              <SliderField
                key={field}
                label={field === 'monthly' ? t('filters.monthly') : t(`heroSearch.${field}`)}
                valueText={field === 'monthly' ? (value === bounds.default ? t('heroSearch.any') : formatDkk(value)) : sliderValueText(field, value, t)}
                name={field}
                min={bounds.min}
                max={bounds.max}
                step={bounds.step}
                value={value}
                onChange={(next) => slide(field, next)}
              />
            );
          })}
        </div>

        <div className={styles.choices}>
          <SelectField
            label={t('filters.type')}
            name="type"
            options={DWELLING_TYPES}
            optionLabel={(type) => t(`dwelling.type_${type}`)}
            emptyOption={t('filters.any')}
            value={filters.type ?? ''}
            onChange={(type) => set('type', type || undefined)}
          />
          <SelectField
            label={t('filters.timeframe')}
            name="timeframe"
            options={SEARCH_TIMEFRAMES}
            optionLabel={(timeframe) => t(`filters.timeframe_${timeframe}`)}
            emptyOption={t('filters.any')}
            value={filters.timeframe ?? ''}
            onChange={(timeframe) => set('timeframe', timeframe || undefined)}
          />
          <TextField label={t('filters.movein')} type="date" name="movein" value={filters.movein ?? ''} onChange={(movein) => set('movein', movein || undefined)} />
          {/* Its own cell: at the bottom of the row, in line with the selects. */}
          <div className={styles.check}>
            <CheckboxField label={t('filters.pets')} name="pets" value="1" checked={filters.pets === true} onChange={(pets) => set('pets', pets ? true : undefined)} />
          </div>
        </div>

        <div className={styles.actions}>
          <button type="submit" className="button button-primary">
            {t('filters.apply')}
          </button>
          {count > 0 && (
            <button type="button" className={styles.reset} onClick={() => apply(filters.sort ? { sort: filters.sort } : {})}>
              {t('filters.reset')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}

/** Slider drafts as filters: a slider at its "Any" end is not set. */
function draftFilters(draft: Partial<Record<SliderField, number>>): ListFilters {
  const out: ListFilters = {};
  for (const [field, value] of Object.entries(draft) as Array<[SliderField, number]>) {
    if (value === SLIDER_BOUNDS[field].default) out[field] = undefined;
    else out[field] = value;
  }
  return out;
}
