import { useState, type FormEvent } from 'react';
import type { AdminSiteAlert, AdminUpdateAlertRequest } from '@husly/contracts';
import { SITE_ALERT_STYLES } from '@husly/contracts/browser';
import { CheckboxField, SelectField, SubmitButton, TextAreaField, TextField } from '../../../components/ui/form-field';
import { useFormValues } from '../../../components/ui/use-form-values';
import { DESK } from '../admin-texts';
import styles from '../admin.module.css';

type AlertStyle = (typeof SITE_ALERT_STYLES)[number];

export interface AlertValues {
  headline: string;
  text: string;
  link: string;
  style: AlertStyle;
  multiline: boolean;
  views: string;
  active: boolean;
}

/** A new alert's page loads per visitor (libs/domain site-alerts.ts: shown until they are used up). */
const NEW_ALERT_VIEWS = 5;

export const alertValues = (alert: AdminSiteAlert | null): AlertValues =>
  alert
    ? { headline: alert.headline, text: alert.text, link: alert.link ?? '', style: alert.style, multiline: alert.multiline, views: String(alert.views), active: alert.active }
    : { headline: '', text: '', link: '', style: 'info', multiline: false, views: String(NEW_ALERT_VIEWS), active: true };

/** The alert as the API takes it, or the fields that are wrong (the API checks it all again). */
export function alertRequest(values: AlertValues): { request: AdminUpdateAlertRequest } | { problems: { field: keyof AlertValues; message: string }[] } {
  const problems: { field: keyof AlertValues; message: string }[] = [];
  if (!values.headline.trim()) problems.push({ field: 'headline', message: DESK.alerts.required });
  if (!values.text.trim()) problems.push({ field: 'text', message: DESK.alerts.required });
  const views = /^\d{1,8}$/.test(values.views.trim()) ? Number(values.views.trim()) : NaN;
  if (!(views >= 0 && views <= 10_000_000)) problems.push({ field: 'views', message: DESK.alerts.badViews });
  if (problems.length > 0) return { problems };
  return {
    request: {
      headline: values.headline.trim(),
      text: values.text.trim(),
      link: values.link.trim() || null,
      style: values.style,
      multiline: values.multiline,
      views,
      active: values.active,
    },
  };
}

/** A new alert or an edit of one; `onSave` sends it (the page knows which, and the new one's key). */
export function AlertForm({ alert, busy, onSave, onCancel }: { alert: AdminSiteAlert | null; busy: boolean; onSave(request: AdminUpdateAlertRequest): void; onCancel(): void }) {
  const { values, errors, update, showProblems } = useFormValues<AlertValues>(alertValues(alert));
  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const checked = alertRequest(values);
    if ('problems' in checked) return void showProblems(checked.problems);
    showProblems([]);
    onSave(checked.request);
  };
  return (
    <form method="post" className={styles.alertForm} onSubmit={submit} noValidate data-testid="alert-form">
      <div className={styles.wide}>
        <TextField label={DESK.alerts.headline} name="headline" maxLength={200} value={values.headline} onChange={update('headline')} error={errors.headline} errorRole={tried ? 'alert' : undefined} />
      </div>
      <div className={styles.wide}>
        <TextAreaField label={DESK.alerts.text} name="text" rows={3} maxLength={2000} value={values.text} onChange={update('text')} error={errors.text} />
      </div>
      <TextField label={DESK.alerts.link} hint={DESK.alerts.linkHint} name="link" maxLength={2000} value={values.link} onChange={update('link')} />
      <SelectField<AlertStyle>
        label={DESK.alerts.style}
        name="style"
        options={SITE_ALERT_STYLES}
        optionLabel={(style) => DESK.alerts.styles[style] ?? style}
        value={values.style}
        onChange={(style) => style && update('style')(style)}
      />
      <TextField label={DESK.alerts.views} hint={DESK.alerts.viewsHint} name="views" inputMode="numeric" value={values.views} onChange={update('views')} error={errors.views} />
      <div>
        <CheckboxField label={DESK.alerts.multiline} name="multiline" checked={values.multiline} onChange={update('multiline')} />
        <CheckboxField label={DESK.alerts.active} name="active" checked={values.active} onChange={update('active')} />
      </div>
      <div className={`${styles.actions} ${styles.wide}`}>
        <SubmitButton busy={busy} busyText={DESK.sending}>
          {DESK.alerts.save}
        </SubmitButton>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          {DESK.alerts.abort}
        </button>
      </div>
    </form>
  );
}
