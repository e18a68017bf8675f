import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { suggestCities } from '@husly/domain';
import type { City } from '@husly/contracts';
import { useAreas, usePlaces } from '../../cities/use-areas';
import { Field } from '../../../components/ui/form-field';
import { Combobox, useCombobox } from '../../../components/ui/combobox';

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
  const box = useCombobox();
  const cities = areas.status === 'success' ? areas.data.data : [];
  const chosen = cities.find((c) => c.slug === value);
  const [query, setQuery] = useState<string | null>(null);
  const text = query ?? chosen?.label ?? value;

  const placesData = places.status === 'success' ? places.data : null;
  const suggestions: City[] = useMemo(
    () => (placesData && query !== null ? suggestCities(query, placesData.data, placesData.aliases) : []),
    [placesData, query],
  );

  const choose = (city: City) => {
    onChange(city.slug);
    setQuery(null);
    box.close();
  };

  return (
    <Field label={t('tenantAd.fields.area')} error={error}>
      {(control) => (
        <Combobox
          {...control}
          box={box}
          listId={listId}
          listLabel={t('tenantAd.fields.areaSuggestions')}
          name="housing-area"
          value={text}
          placeholder={t('tenantAd.fields.areaPlaceholder')}
          suggestions={suggestions}
          suggestionKey={(city) => city.slug}
          renderSuggestion={(city) => city.label}
          onPick={choose}
          // Only a suggestion sets the area: Enter takes the first when none is active.
          enterPicksFirst
          onType={(typed) => {
            setQuery(typed);
            places.request();
            // Typing replaces the choice: only a suggestion sets the area.
            if (value) onChange('');
          }}
          onFocus={() => places.request()}
          onBlur={() => {
            // A typed name that is exactly one suggestion's label counts as choosing it.
            const exact = suggestions.find((c) => c.label.toLowerCase() === (query ?? '').trim().toLowerCase());
            if (exact) choose(exact);
          }}
        />
      )}
    </Field>
  );
}
