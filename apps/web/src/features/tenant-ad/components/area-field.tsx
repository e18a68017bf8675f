import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { suggestCities } from '@husly/domain';
import type { City } from '@husly/contracts';
import { useAreas, usePlaces } from '../../cities/use-areas';
import { Field } from '../../../components/ui/form-field';
import styles from '../tenant-ad.module.css';

/**
 * housing-area: a city slug, chosen from up to 10 suggestions matched on the city slug (section 5).
 * The text box shows the city's label; what is stored is its slug.
 */
export function AreaField({ value, onChange, error }: { value: string; onChange: (slug: string) => void; error?: string }) {
  const { t } = useTranslation();
  const areas = useAreas();
  // Postal codes and aliases for the suggestions: fetched when the box is first used (docs/decisions/0023).
  const places = usePlaces();
  const listId = `${useId()}-list`;
  const cities = areas.status === 'success' ? areas.data.data : [];
  const chosen = cities.find((c) => c.slug === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = query ?? chosen?.label ?? value;

  const placesData = places.status === 'success' ? places.data : null;
  const suggestions: City[] = useMemo(
    () => (placesData && query !== null ? suggestCities(query, placesData.data, placesData.aliases) : []),
    [placesData, query],
  );
  const expanded = open && suggestions.length > 0;

  const choose = (city: City) => {
    onChange(city.slug);
    setQuery(null);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (suggestions.length === 0 ? -1 : (i + step + suggestions.length) % suggestions.length));
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      const city = suggestions[active >= 0 ? active : 0];
      if (city) choose(city);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <Field label={t('tenantAd.fields.area')} error={error}>
      {(control) => (
        <div className={styles.combobox}>
          <input
            {...control}
            name="housing-area"
            type="text"
            role="combobox"
            value={text}
            placeholder={t('tenantAd.fields.areaPlaceholder')}
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
              setActive(-1);
              places.request();
              // Typing replaces the choice: only a suggestion sets the area.
              if (value) onChange('');
            }}
            onKeyDown={onKeyDown}
            onFocus={() => {
              setOpen(true);
              places.request();
            }}
            onBlur={() => {
              setOpen(false);
              // A typed name that is exactly one suggestion's label counts as choosing it.
              const exact = suggestions.find((c) => c.label.toLowerCase() === (query ?? '').trim().toLowerCase());
              if (exact) choose(exact);
            }}
          />
          <ul id={listId} role="listbox" aria-label={t('tenantAd.fields.areaSuggestions')} className={styles.listbox} hidden={!expanded}>
            {expanded &&
              suggestions.map((city, i) => (
                <li
                  key={city.slug}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={styles.option}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(city);
                  }}
                >
                  {city.label}
                </li>
              ))}
          </ul>
        </div>
      )}
    </Field>
  );
}
