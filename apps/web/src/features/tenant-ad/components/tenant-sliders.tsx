import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatDkk, TENANT_SLIDER_NAMES, TENANT_SLIDERS, type TenantSlider } from '@husly/domain';
import styles from '../tenant-ad.module.css';

/** Section 9's tenant sliders: max rent 1000–14000 (step 100), min rooms 1–6, min size 10–140 m². */
export function TenantSliders({
  values,
  onChange,
  errors,
}: {
  values: Record<TenantSlider, number>;
  onChange: (name: TenantSlider, value: number) => void;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const valueText = (name: TenantSlider, value: number) =>
    name === 'rent' ? formatDkk(value) : name === 'rooms' ? t('tenantAd.values.rooms', { count: value }) : t('tenantAd.values.size', { count: value });
  return (
    <div className={styles.sliders}>
      {TENANT_SLIDER_NAMES.map((name) => {
        const { min, max, step } = TENANT_SLIDERS[name];
        const text = valueText(name, values[name]);
        const error = errors[`housing-${name}`];
        return (
          <div key={name} className={styles.slider}>
            <label htmlFor={`${id}-${name}`} className={styles.sliderLabel}>
              <span>{t(`tenantAd.fields.${name}`)}</span>
              <output htmlFor={`${id}-${name}`} className={styles.sliderValue}>
                {text}
              </output>
            </label>
            <input
              id={`${id}-${name}`}
              type="range"
              name={`housing-${name}`}
              min={min}
              max={max}
              step={step}
              value={values[name]}
              aria-valuetext={text}
              onChange={(e) => onChange(name, Number(e.target.value))}
            />
            {error && <p className={styles.fieldError}>{error}</p>}
          </div>
        );
      })}
    </div>
  );
}
