import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { formatDate } from '@husly/domain';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/document-head';
import { FormMessage } from '../../../components/ui/alerts';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { unsubscribeApi } from '../unsubscribe-api';
import styles from '../unsubscribe.module.css';

type State = { kind: 'ready' } | { kind: 'done'; endingAt: string | null } | { kind: 'error'; key: 'token' | 'throttled' | 'generic' };

/**
 * /afmelding/bekraeft?token=…: the link mailed to a profile a manual request matched. The cancel is a
 * button (a POST), never the page load, so a mail scanner opening the link cancels nothing.
 */
export function ConfirmUnsubscribePage() {
  const { t } = useTranslation();
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  usePageTitle(t('unsubscribe.confirm.title'));
  const [state, setState] = useState<State>(token ? { kind: 'ready' } : { kind: 'error', key: 'token' });
  // One cancel however often pressed.
  const { busy, run } = useBusyAction();

  const confirm = async () => {
    try {
      const result = await unsubscribeApi(api).confirm(token);
      setState({ kind: 'done', endingAt: result.endingAt });
    } catch (error) {
      setState({ kind: 'error', key: isHttpError(error, 404) || isHttpError(error, 400) ? 'token' : isHttpError(error, 429) ? 'throttled' : 'generic' });
    }
  };

  return (
    <div className={`page ${styles.publicPage}`}>
      <section className={styles.card} data-testid="unsubscribe-confirm">
        <h1 className={styles.heading}>{t('unsubscribe.confirm.heading')}</h1>
        {state.kind === 'ready' && (
          <>
            <p>{t('unsubscribe.confirm.text')}</p>
            <div className={styles.actions}>
              <button type="button" className="button button-primary" {...busyButton(busy)} onClick={() => void run(confirm)}>
                {busy ? t('common.sending') : t('unsubscribe.confirm.button')}
              </button>
            </div>
          </>
        )}
        {state.kind === 'done' && (
          <FormMessage kind="success">{state.endingAt ? t('unsubscribe.confirm.done', { date: formatDate(state.endingAt) }) : t('unsubscribe.confirm.doneNoDate')}</FormMessage>
        )}
        {state.kind === 'error' && (
          <FormMessage kind="error">{t(`unsubscribe.errors.${state.key}`)}</FormMessage>
        )}
        <p>
          <Link to="/info/afmelding">{t('unsubscribe.confirm.help')}</Link>
        </p>
      </section>
    </div>
  );
}
