import { useId, useState, type FormEvent } from 'react';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { useTranslation } from '../../../lib/use-translation';
import { SubmitButton, TextAreaField, formStyles } from '../../../components/ui/form-field';
import { FOUND_WHERE, type FoundWhere } from '@husly/domain';
import type { UnsubscribeReasonBody } from '@husly/contracts';
import styles from '../unsubscribe.module.css';

/**
 * Section 4's survey: was a dwelling found? Found: the where-question with 5 options, sent at once
 * on a click. Not found: a free-text reason (required) and the Unsubscribe button.
 */
export function UnsubscribeSurvey({ onAnswer, onSkip }: { onAnswer(reason: UnsubscribeReasonBody): Promise<boolean>; onSkip?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [found, setFound] = useState<boolean | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  // The answer is sent once: a second where-button or Unsubscribe while it runs sends nothing.
  const { busy, running, run } = useBusyAction();

  const send = (reason: UnsubscribeReasonBody) => run(() => onAnswer(reason), typeof reason === 'string' ? reason : 'text');

  const submitText = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    void send({ foundDwelling: false, text: text.trim() });
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-q`} data-testid="unsubscribe-survey">
      <h2 id={`${id}-q`} className={styles.subHeading}>
        {t('unsubscribe.survey.question')}
      </h2>
      <div className={styles.actions} role="group" aria-labelledby={`${id}-q`}>
        <button type="button" className={`button ${found === true ? 'button-primary' : 'button-secondary'}`} aria-pressed={found === true} disabled={busy} onClick={() => setFound(true)}>
          {t('unsubscribe.survey.yes')}
        </button>
        <button type="button" className={`button ${found === false ? 'button-primary' : 'button-secondary'}`} aria-pressed={found === false} disabled={busy} onClick={() => setFound(false)}>
          {t('unsubscribe.survey.no')}
        </button>
      </div>
      {found === true && (
        <>
          <p id={`${id}-where`}>{t('unsubscribe.survey.where')}</p>
          <div className={styles.choices} role="group" aria-labelledby={`${id}-where`}>
            {FOUND_WHERE.map((where: FoundWhere) => (
              <button key={where} type="button" className={`button button-secondary ${styles.choice}`} {...busyButton(busy, running === where)} onClick={() => void send(where)}>
                {t(`unsubscribe.survey.options.${where}`)}
              </button>
            ))}
          </div>
        </>
      )}
      {found === false && (
        <form method="post" className={formStyles.form} onSubmit={submitText} noValidate>
          <TextAreaField
            label={t('unsubscribe.survey.reason')}
            rows={4}
            maxLength={2000}
            value={text}
            error={missing ? t('unsubscribe.survey.reasonRequired') : null}
            onChange={(value) => {
              setText(value);
              if (value.trim() !== '') setMissing(false);
            }}
          />
          <div className={styles.actions}>
            <SubmitButton busy={busy} busyText={t('common.sending')}>
              {t('unsubscribe.survey.submit')}
            </SubmitButton>
          </div>
        </form>
      )}
      {onSkip && (
        <div className={styles.actions}>
          <button type="button" className="button button-secondary" disabled={busy} onClick={onSkip}>
            {t('unsubscribe.survey.skip')}
          </button>
        </div>
      )}
    </section>
  );
}
