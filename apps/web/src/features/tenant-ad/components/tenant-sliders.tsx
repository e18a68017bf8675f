import { useTranslation } from '../../../lib/use-translation';
import { formatDkk, TENANT_SLIDER_NAMES, TENANT_SLIDERS, type TenantSlider } from '@husly/domain';
import { FieldError, useField } from '../../../components/ui/form-field';
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
        <Slider key={name} name={name} label={t(`tenantAd.fields.${name}`)} value={values[name]} text={valueText(name, values[name])} error={errors[`housing-${name}`]} onChange={(value) => onChange(name, value)} />
      ))}
    </div>
  );
}

/** One slider: its label shows the value as text, which is also what a screen reader hears. */
function Slider({ name, label, value, text, error, onChange }: { name: TenantSlider; label: string; value: number; text: string; error?: string; onChange(value: number): void }) {
  const { min, max, step } = TENANT_SLIDERS[name];
  const field = useField({ error });
  // A range keeps the browser's look: the kit's input class is for text controls.
  const { className: _inputClass, ...control } = field.control;
  return (
    <div className={styles.slider}>
      <label htmlFor={field.id} className={styles.sliderLabel}>
        <span>{label}</span>
        <output htmlFor={field.id} className={styles.sliderValue}>
          {text}
        </output>
      </label>
      <input {...control} type="range" name={`housing-${name}`} min={min} max={max} step={step} value={value} aria-valuetext={text} onChange={(e) => onChange(Number(e.target.value))} />
      {field.hasError && <FieldError id={field.errorId}>{error}</FieldError>}
    </div>
  );
}
