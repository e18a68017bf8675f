import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ContactRequest } from '@husly/contracts';
import { CONTACT_LIMITS, checkContactRequest } from '@husly/contracts/browser';
import { FormMessage } from '../../../components/ui/alerts';
import { SubmitButton, TextAreaField, TextField, formStyles } from '../../../components/ui/form-field';
import { useApi } from '../../../lib/api-context';
import { isHttpError } from '../../../lib/api-client';
import { useBusyAction } from '../../../lib/use-busy-action';
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

  const fieldProps = (field: Field, maxLength: number) => ({
    label: t(`info.contact.form.${field}`),
    name: field,
    value: values[field],
    error: fieldError(field),
    maxLength,
    onChange: (value: string) => setValues((v) => ({ ...v, [field]: value })),
  });

  return (
    <section className={styles.formCard} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('info.contact.form.heading')}</h2>
      {/* noValidate: our own messages, in the site's language, for every browser. */}
      <form method="post" className={formStyles.form} onSubmit={submit} noValidate>
        <TextField autoComplete="name" {...fieldProps('name', CONTACT_LIMITS.name)} />
        <TextField type="email" autoComplete="email" {...fieldProps('email', CONTACT_LIMITS.email)} />
        <TextField {...fieldProps('subject', CONTACT_LIMITS.subject)} />
        <TextAreaField rows={7} {...fieldProps('message', CONTACT_LIMITS.message)} />
        {outcome?.kind === 'sent' && <FormMessage kind="success">{t('info.contact.form.sent', { email: outcome.email })}</FormMessage>}
        {outcome?.kind === 'error' && <FormMessage kind="error">{t(`info.contact.form.errors.${outcome.key}`)}</FormMessage>}
        <div>
          <SubmitButton busy={sending} busyText={t('info.contact.form.sending')}>
            {t('info.contact.form.send')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
