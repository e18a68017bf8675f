import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { validateSearchQuery, type AreaPlace, type PlaceSuggestion, type suggestAreaPlaces } from '@husly/domain';
import type { City } from '@husly/contracts';
import { usePlaces } from '../../cities/use-areas';
import { useSite } from '../../../lib/site-context';
import { searchHref, SLIDER_NAMES, type SearchParams } from '../search-params';
import { isAnyValue, sliderValue } from '../sliders';
import { Combobox, useCombobox } from '../../../components/ui/combobox';
import { FilterSliders, type SliderValues } from './filter-sliders';
import { SearchLabel } from './search-label';
import styles from './hero-search.module.css';

export interface HeroSearchProps {
  /** Values to start from (the /search page passes the current search). */
  initial?: Partial<SearchParams>;
}

/**
 * The front page search (section 2, hero search): a combobox with up to 10 city suggestions (the
 * domain's suggestPlaces: label, slug, word start, postal code or district, typo; largest first),
 * a Search button, and "More filters" with the three sliders. Picking a suggestion (click, or the
 * arrow keys and Enter) runs the search. Without JavaScript it is a plain GET form to /search.
 */
type Suggest = typeof suggestAreaPlaces;

/** The suggestion code, once loaded: a later page's box suggests from the first keystroke. */
let loadedSuggest: Suggest | null = null;

/** The suggestion code, loaded when the box is first used (../place-suggestions.ts). */
function useSuggester(): { suggest: Suggest | null; request: () => void } {
  const [suggest, setSuggest] = useState<Suggest | null>(() => loadedSuggest);
  const requested = useRef(false);
  const request = useCallback(() => {
    if (requested.current || loadedSuggest) return;
    requested.current = true;
    import('../place-suggestions').then(
      (module) => {
        loadedSuggest = module.suggestAreaPlaces;
        setSuggest(() => module.suggestAreaPlaces);
      },
      // Offline or a replaced deploy: the box still searches; the next focus tries again.
      () => (requested.current = false),
    );
  }, []);
  return { suggest, request };
}

export function HeroSearch({ initial = {} }: HeroSearchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language } = useSite();
  // The suggestions need every city's postal codes and aliases: fetched when the box is first
  // focused or typed in, not embedded in every page (docs/decisions/0023-lean-hydration.md).
  const places = usePlaces();
  const suggester = useSuggester();
  const id = useId();
  const listId = `${id}-suggestions`;

  const [query, setQuery] = useState(initial.q ?? '');
  const [error, setError] = useState<string | null>(null);
  const box = useCombobox();
  const [showFilters, setShowFilters] = useState(SLIDER_NAMES.some((n) => initial[n] !== undefined));
  const [sliders, setSliders] = useState<SliderValues>({
    rent: sliderValue('rent', initial.rent),
    rooms: sliderValue('rooms', initial.rooms),
    size: sliderValue('size', initial.size),
  });

  const data = places.status === 'success' ? places.data : null;
  const suggest = suggester.suggest;
  const suggestions: PlaceSuggestion<AreaPlace<City>>[] = useMemo(
    () => (data && suggest ? suggest(query, data.data, data.aliases) : []),
    [data, suggest, query],
  );

  const run = (q: string) => {
    const checked = validateSearchQuery(q, language);
    if (!checked.ok) {
      setQuery('');
      setError(checked.error.message);
      return;
    }
    const search: SearchParams = { q: checked.q };
    for (const name of SLIDER_NAMES) if (!isAnyValue(name, sliders[name])) search[name] = sliders[name];
    box.close();
    void navigate(searchHref(search));
  };

  /** A picked suggestion searches its city at once, by the city's own label. */
  const choose = (city: AreaPlace<City>) => {
    setQuery(city.label);
    run(city.label);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(query);
  };

  return (
    <form role="search" aria-label={t('heroSearch.landmark')} className={styles.form} onSubmit={submit} action="/search" method="get">
      <div className={styles.row}>
        <Combobox
          box={box}
          listId={listId}
          listLabel={t('heroSearch.suggestions')}
          frameClassName={styles.combobox}
          before={<SearchLabel htmlFor={`${id}-q`} label={t('heroSearch.label')} iconClassName={styles.icon} />}
          id={`${id}-q`}
          name="q"
          className={styles.input}
          value={query}
          placeholder={error ?? t('heroSearch.placeholder')}
          aria-invalid={error ? true : undefined}
          enterKeyHint="search"
          suggestions={suggestions}
          suggestionKey={({ city }) => city.slug}
          optionTestId="place-suggestion"
          // A picked suggestion searches its city at once; Enter with none active submits what was typed.
          onPick={({ city }) => choose(city)}
          renderSuggestion={({ city, matched }) =>
            matched ? (
              <>
                <span className={styles.matched}>{matched}</span>
                <span aria-hidden="true" className={styles.arrow}>
                  {' → '}
                </span>
                <span className="visually-hidden">{', '}</span>
                <span className={styles.label}>{city.label}</span>
              </>
            ) : (
              <span className={styles.label}>{city.label}</span>
            )
          }
          onType={(typed) => {
            setQuery(typed);
            places.request();
            suggester.request();
            if (error) setError(null);
          }}
          onFocus={() => {
            places.request();
            suggester.request();
          }}
        />
        <button type="submit" className={`button button-primary ${styles.submit}`}>
          {t('search.submit')}
        </button>
      </div>
      <button
        type="button"
        className={styles.moreFilters}
        aria-expanded={showFilters}
        aria-controls={`${id}-filters`}
        onClick={() => setShowFilters((v) => !v)}
      >
        {showFilters ? t('heroSearch.fewerFilters') : t('heroSearch.moreFilters')}
        <span aria-hidden="true" className={styles.chevron}>
          {showFilters ? '▴' : '▾'}
        </span>
      </button>
      <div id={`${id}-filters`} hidden={!showFilters}>
        <FilterSliders values={sliders} onChange={(name, value) => setSliders((s) => ({ ...s, [name]: value }))} />
      </div>
    </form>
  );
}
