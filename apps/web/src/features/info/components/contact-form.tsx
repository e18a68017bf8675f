import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ContactRequest } from '@husly/contracts';
import { CONTACT_LIMITS, checkContactRequest } from '@husly/contracts/browser';
import { useApi } from '../../../lib/api-context';
import { isHttpError } from '../../../lib/api-client';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { sendContactMessage } from '../info-api';
import styles from '../info.module.css';

type Field = keyof ContactRequest;
const FIELDS: Field[] = ['name', 'email', 'subject', 'message'];
const EMPTY: ContactRequest = { name: '', email: '', subject: '', message: '' };

type FieldErrors = Partial<Record<Field, string>>;
type Outcome = { kind: 'sent'; email: string } | { kind: 'error'; key: 'throttled' | 'failed' } | null;

const isField = (value: unknown): value is Field => typeof value === 'string' && (FIELDS as string[]).includes(value);

/** Which message a refused field gets: the same rules as the API's (the shared contract). */
function errorKey(field: Field, value: string): string {
  if (value.trim() === '') return 'required';
  if (field === 'email') return 'email';
  if (field === 'message') return 'messageShort';
  if (/[\u0000-\u001f\u007f\u2028\u2029]/u.test(value)) return 'oneLine';
  return 'field';
}

/** The contact form of /info/contact: checked here first, then POST /api/contact. */
export function ContactForm() {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const [values, setValues] = useState<ContactRequest>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  // One message however often pressed; the button comes back after success or error.
  const { busy: sending, run } = useBusyAction();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const fieldError = (field: Field) => (errors[field] ? t(`info.contact.form.errors.${errors[field]}`) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(send);
  }

  async function send() {
    setOutcome(null);
    const parsed = checkContactRequest(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.issues) {
        const field = issue.path;
        if (isField(field) && !found[field]) found[field] = errorKey(field, values[field]);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await sendContactMessage(api, parsed.data);
      setValues(EMPTY);
      setOutcome({ kind: 'sent', email: parsed.data.email });
    } catch (error) {
      const field = isHttpError(error, 400) ? (error.body as { field?: unknown } | undefined)?.field : undefined;
      if (isField(field)) setErrors({ [field]: errorKey(field, values[field]) });
      else setOutcome({ kind: 'error', key: isHttpError(error, 429) ? 'throttled' : 'failed' });
    }
  }

  const input = (field: Field, props: { type?: string; autoComplete?: string; maxLength: number }) => {
    const error = fieldError(field);
    const inputId = `${id}-${field}`;
    const common = {
      id: inputId,
      name: field,
      value: values[field],
      className: `${styles.input} ${error ? styles.invalid : ''}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${inputId}-error` : undefined,
      maxLength: props.maxLength,
      onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
    };
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={inputId}>
          {t(`info.contact.form.${field}`)}
        </label>
        {field === 'message' ? <textarea rows={7} {...common} /> : <input type={props.type ?? 'text'} autoComplete={props.autoComplete} {...common} />}
        {error && (
          <p id={`${inputId}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className={styles.formCard} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('info.contact.form.heading')}</h2>
      {/* noValidate: our own messages, in the site's language, for every browser. */}
      <form method="post" className={styles.form} onSubmit={submit} noValidate>
        {input('name', { autoComplete: 'name', maxLength: CONTACT_LIMITS.name })}
        {input('email', { type: 'email', autoComplete: 'email', maxLength: CONTACT_LIMITS.email })}
        {input('subject', { maxLength: CONTACT_LIMITS.subject })}
        {input('message', { maxLength: CONTACT_LIMITS.message })}
        {outcome?.kind === 'sent' && (
          <p className={`${styles.message} ${styles.success}`} role="status">
            {t('info.contact.form.sent', { email: outcome.email })}
          </p>
        )}
        {outcome?.kind === 'error' && (
          <p className={`${styles.message} ${styles.error}`} role="alert">
            {t(`info.contact.form.errors.${outcome.key}`)}
          </p>
        )}
        <div>
          <button type="submit" className="button button-primary" {...busyButton(sending)}>
            {sending ? t('info.contact.form.sending') : t('info.contact.form.send')}
          </button>
        </div>
      </form>
    </section>
  );
}
