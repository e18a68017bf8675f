import { useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { BoligagentView } from '@husly/contracts';
import { useApi } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/document-head';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { boligagentApi, isNotFound } from '../boligagent-api';
import { BoligagentPanel } from '../components/boligagent-panel';
import { FormMessage } from '../../../components/ui/alerts';
import styles from '../boligagent.module.css';

type Load = { status: 'loading' } | { status: 'ready'; agent: BoligagentView | null; notice?: string } | { status: 'not-found' } | { status: 'failed' };

/** /boligagent/verify?token=…: the link of the verification mail. "Henter din BoligAgent...", then the agent. */
export function BoligagentVerifyPage() {
  const { t } = useTranslation();
  usePageTitle(t('boligagent.verify.title'));
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    if (!token) {
      setState({ status: 'not-found' });
      return;
    }
    boligagentApi(api)
      .verify(token)
      .then((agent) => setState({ status: 'ready', agent, notice: t('boligagent.verify.verified') }))
      .catch((error: unknown) => setState(isNotFound(error) ? { status: 'not-found' } : { status: 'failed' }));
  }, [api, token, t]);

  return <AgentPage title={t('boligagent.verify.title')} state={state} token={token} notFound={t('boligagent.errors.tokenNotRecognised')} onChange={(agent) => setState({ status: 'ready', agent })} />;
}

/** /boligagent/{token}: the agent panel for a visitor, from the links of its mails. */
export function BoligagentTokenPage() {
  const { t } = useTranslation();
  usePageTitle(t('boligagent.panel.title'));
  const api = useApi();
  const { token = '' } = useParams();
  const [state, setState] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    boligagentApi(api)
      .byToken(token)
      .then((agent) => setState({ status: 'ready', agent }))
      .catch((error: unknown) => setState(isNotFound(error) ? { status: 'not-found' } : { status: 'failed' }));
  }, [api, token]);

  return <AgentPage title={t('boligagent.panel.title')} state={state} token={token} notFound={t('boligagent.errors.notFound')} onChange={(agent) => setState({ status: 'ready', agent })} />;
}

function AgentPage({ title, state, token, notFound, onChange }: { title: string; state: Load; token: string; notFound: string; onChange(agent: BoligagentView | null): void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <div className={styles.form} style={{ gap: 16 }}>
        <h1 className={styles.heading}>{title}</h1>
        {state.status === 'loading' && (
          <p className={styles.muted} role="status">
            {t('boligagent.verify.fetching')}
          </p>
        )}
        {state.status === 'not-found' && (
          <FormMessage kind="error">{notFound}</FormMessage>
        )}
        {state.status === 'failed' && (
          <FormMessage kind="error">{t('boligagent.errors.error')}</FormMessage>
        )}
        {state.status === 'ready' && state.notice && (
          <FormMessage kind="success">{state.notice}</FormMessage>
        )}
        {state.status === 'ready' && state.agent && <BoligagentPanel agent={state.agent} token={token} showAutoAdjust={false} onChange={onChange} />}
        {state.status === 'ready' && !state.agent && (
          <FormMessage kind="success">{t('boligagent.panel.deleted')}</FormMessage>
        )}
      </div>
    </section>
  );
}

/**
 * /boligagent/afmeld/{token}: where the List-Unsubscribe URL leads a browser (GET). Mail clients
 * with one-click POST the URL themselves; a person confirms with the button. The token can only
 * unsubscribe (issue 12 §6), so there is no link to manage the agent here: the mail has its own.
 * With ?kun=aendringer (a change mail's "stop mails about changes", ADR 0062) the button switches
 * off change alerts only.
 */
export function BoligagentUnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const changesOnly = params.get('kun') === 'aendringer';
  const texts = changesOnly ? 'boligagent.changeAlertsOff' : 'boligagent.unsubscribe';
  usePageTitle(t(`${texts}.title`));
  const api = useApi();
  const { token = '' } = useParams();
  const [state, setState] = useState<'idle' | 'done' | 'not-found' | 'failed'>('idle');
  const { busy, run } = useBusyAction();

  const confirm = useCallback(
    () =>
      void run(() =>
        (changesOnly ? boligagentApi(api).changeAlertsOff(token) : boligagentApi(api).unsubscribe(token))
          .then(() => setState('done'))
          .catch((error: unknown) => setState(isNotFound(error) ? 'not-found' : 'failed')),
      ),
    [api, token, run, changesOnly],
  );

  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.heading}>{t(`${texts}.title`)}</h1>
        {state === 'done' ? (
          <FormMessage kind="success">{t(`${texts}.done`)}</FormMessage>
        ) : state === 'not-found' ? (
          <FormMessage kind="error">{t('boligagent.errors.notFound')}</FormMessage>
        ) : (
          <>
            <p>{t(`${texts}.text`)}</p>
            <div className={styles.actions}>
              <button type="button" className="button button-primary" {...busyButton(busy)} onClick={confirm}>
                {t(`${texts}.confirm`)}
              </button>
            </div>
            {state === 'failed' && (
              <FormMessage kind="error">{t('boligagent.errors.error')}</FormMessage>
            )}
          </>
        )}
      </div>
    </section>
  );
}
