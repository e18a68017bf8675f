import { useTranslation } from '../../../lib/use-translation';
import { SEARCH_SLIDERS } from '@husly/domain';
import { SliderField } from '../../../components/ui/form-field';
import { SLIDER_NAMES, type SliderName } from '../search-params';
import { sliderValueText } from '../sliders';
import styles from './hero-search.module.css';

export type SliderValues = Record<SliderName, number>;

/** "More filters": max rent, min rooms, min size. Each shows "Alle"/"Any" at its default end. */
export function FilterSliders({ values, onChange }: { values: SliderValues; onChange: (name: SliderName, value: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.sliders}>
      {SLIDER_NAMES.map((name) => {
        const bounds = SEARCH_SLIDERS[name];
        return (
          <SliderField
            key={name}
            label={t(`heroSearch.${name}`)}
            valueText={sliderValueText(name, values[name], t)}
            name={name}
            min={bounds.min}
            max={bounds.max}
            step={bounds.step}
            value={values[name]}
            onChange={(value) => onChange(name, value)}
          />
        );
      })}
    </div>
  );
}
