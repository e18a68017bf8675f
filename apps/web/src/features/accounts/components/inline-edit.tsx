import { useState, type FormEvent } from 'react';
import { FieldError, useField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { useBusyAction } from '../../../lib/use-busy-action';
import styles from './accounts.module.css';

export type InlineEditState = 'view' | 'edit' | 'saving' | 'saved' | 'error';

export interface InlineEditProps {
  label: string;
  value: string;
  /** Shown instead of an empty value. */
  emptyText?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** The field's rule; a message means "do not save". */
  validate(value: string): string | null;
  /** Resolves when saved; rejects with the text to show. */
  save(value: string): Promise<void>;
  /** Extra content next to the value (e.g. verified state). */
  badge?: React.ReactNode;
}

/** Section 4, "Email edit and name edit": view, edit, saved or error. */
export function InlineEdit({ label, value, emptyText, type = 'text', autoComplete, validate, save, badge }: InlineEditProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<InlineEditState>('view');
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // The label names the value while viewing and the input while editing: both carry the field's id.
  const field = useField({ error });
  const id = field.id;
  // Sent once however often pressed; the button comes back after success or error.
  const { run } = useBusyAction();

  const startEdit = () => {
    setDraft(value);
    setError(null);
    setState('edit');
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(send);
  }

  async function send() {
    const problem = validate(draft);
    if (problem) {
      setError(problem);
      setState('error');
      return;
    }
    setState('saving');
    try {
      await save(draft);
      setState('saved');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setState('error');
    }
  }

  const editing = state === 'edit' || state === 'saving' || state === 'error';
  return (
    <div className={styles.row}>
      <div className={styles.rowHead}>
        <label className={styles.rowLabel} htmlFor={id}>
          {label}
        </label>
        {!editing && (
          <button type="button" className={styles.textButton} onClick={startEdit} aria-label={`${t('accounts.profile.edit')}: ${label}`}>
            {t('accounts.profile.edit')}
          </button>
        )}
      </div>
      {editing ? (
        <form method="post" className={styles.inlineForm} onSubmit={submit} noValidate>
          <input
            {...field.control}
            type={type}
            value={draft}
            autoComplete={autoComplete}
            onChange={(e) => {
              setDraft(e.target.value);
              if (state === 'error') setState('edit');
              setError(null);
            }}
            autoFocus
          />
          {error && (
            <FieldError id={field.errorId} role="alert">
              {error}
            </FieldError>
          )}
          <div className={styles.inlineActions}>
            <button type="submit" className="button button-primary" disabled={state === 'saving'}>
              {state === 'saving' ? t('accounts.profile.saving') : t('accounts.profile.save')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setState('view')} disabled={state === 'saving'}>
              {t('accounts.profile.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <p className={styles.rowValue} id={id}>
          {value || <span className={styles.muted}>{emptyText}</span>}
          {badge}
          {state === 'saved' && (
            <span className={styles.savedNote} role="status">
              {' '}
              · {t('accounts.profile.saved')}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
