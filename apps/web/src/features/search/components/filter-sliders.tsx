import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { SEARCH_SLIDERS } from '@husly/domain';
import { SLIDER_NAMES, type SliderName } from '../search-params';
import { sliderValueText } from '../sliders';
import styles from './hero-search.module.css';

export type SliderValues = Record<SliderName, number>;

/** "More filters": max rent, min rooms, min size. Each shows "Alle"/"Any" at its default end. */
export function FilterSliders({ values, onChange }: { values: SliderValues; onChange: (name: SliderName, value: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.sliders}>
      {SLIDER_NAMES.map((name) => {
        const bounds = SEARCH_SLIDERS[name];
        const text = sliderValueText(name, values[name], t);
        return (
          <div key={name} className={styles.slider}>
            <label htmlFor={`${id}-${name}`} className={styles.sliderLabel}>
              <span>{t(`heroSearch.${name}`)}</span>
              <output htmlFor={`${id}-${name}`} className={styles.sliderValue}>
                {text}
              </output>
            </label>
            <input
              id={`${id}-${name}`}
              type="range"
              name={name}
              min={bounds.min}
              max={bounds.max}
              step={bounds.step}
              value={values[name]}
              aria-valuetext={text}
              onChange={(e) => onChange(name, Number(e.target.value))}
            />
          </div>
        );
      })}
    </div>
  );
}
