import { useTranslation } from '../../../lib/use-translation';
import { formatDkk, TENANT_SLIDER_NAMES, TENANT_SLIDERS, type TenantSlider } from '@husly/domain';
import { SliderField } from '../../../components/ui/form-field';
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
  const valueText = (name: TenantSlider, value: number) =>
    name === 'rent' ? formatDkk(value) : name === 'rooms' ? t('tenantAd.values.rooms', { count: value }) : t('tenantAd.values.size', { count: value });
  return (
    <div className={styles.sliders}>
      {TENANT_SLIDER_NAMES.map((name) => (
        <SliderField
          key={name}
          min={TENANT_SLIDERS[name].min}
          max={TENANT_SLIDERS[name].max}
          step={TENANT_SLIDERS[name].step}
          name={`housing-${name}`}
          label={t(`tenantAd.fields.${name}`)}
          value={values[name]}
          valueText={valueText(name, values[name])}
          error={errors[`housing-${name}`]}
          onChange={(value) => onChange(name, value)}
        />
      ))}
    </div>
  );
}
