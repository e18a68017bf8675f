import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { planLabel } from '../../../lib/plan-texts';
import { useTranslation } from '../../../lib/use-translation';
import { LIMITED_PLAN, formatDate, formatDkk } from '@husly/domain';
import type { Offer, OffersResponse, SubscriptionView, UnsubscribeReasonBody } from '@husly/contracts';
import { PageLoading } from '../../../components/ui/page-loading';
import { useApi } from '../../../lib/api-context';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { FormMessage } from '../../../components/ui/alerts';
import { usePageTitle } from '../../../lib/document-head';
import { refreshSession } from '../../accounts/session-store';
import { SwitchPlanDialog } from '../../subscriptions/components/switch-plan-dialog';
import { UnsubscribeSurvey } from '../components/unsubscribe-survey';
import { unsubscribeApi } from '../unsubscribe-api';
import styles from '../unsubscribe.module.css';

type Step = 'warning' | 'survey' | 'found-home' | 'done';
const day = (iso: string | null | undefined) => (iso ? formatDate(iso) : '');

/**
 * /profile/subscription/cancel/{id}, section 4 "Unsubscription for a subscriber": the warning page
 * "Vigtigt ved afmelding" (abort, or confirm: the cancel), then the survey, then for a found
 * dwelling the "found a home" offer. Confirm is the second click after the card's Cancel button,
 * so cancelling stays two clicks; the survey after it is optional.
 */
export function CancelSubscriptionPage() {
  const { t, language } = useTranslation();
  const api = useApi();
  const calls = unsubscribeApi(api);
  const navigate = useNavigate();
  const { id = '' } = useParams();
  usePageTitle(t('unsubscribe.warning.title'));
  const [subscription, setSubscription] = useState<SubscriptionView | null | 'missing'>(null);
  const [limited, setLimited] = useState<Offer | undefined>();
  const [step, setStep] = useState<Step>('warning');
  const [inView, setInView] = useState(true);
  // One of cancel, switch, abort and found-a-home at a time, each sent once however often pressed.
  const { busy, running, run: once } = useBusyAction<'cancel' | 'switch' | 'abort' | 'found-home'>();
  const [error, setError] = useState<string | null>(null);
  const [foundHomeDone, setFoundHomeDone] = useState(false);
  // A change of plan is confirmed in a dialog stating price, period, first charge and limit (issue 36).
  const [confirmSwitch, setConfirmSwitch] = useState(false);

  const load = useCallback(async () => {
    try {
      const [list, offers] = await Promise.all([calls.subscriptions(), api.get<OffersResponse>('/subscriptions/offers')]);
      setSubscription(list.subscriptions.find((s) => s.id === id) ?? 'missing');
      setLimited(offers.offers.find((o) => o.name === LIMITED_PLAN.id));
    } catch {
      setSubscription('missing');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, id]);

  useEffect(() => {
    void load();
  }, [load]);

  const run = (name: 'cancel' | 'switch' | 'abort' | 'found-home', action: () => Promise<void>) =>
    once(async () => {
      setError(null);
      try {
        await action();
      } catch {
        setError(t('unsubscribe.errors.generic'));
      }
    }, name);

  if (subscription === null) return <PageLoading />;
  if (subscription === 'missing') {
    return (
      <div className={styles.page}>
        <section className={styles.card}>
          <h1 className={styles.heading}>{t('unsubscribe.warning.heading')}</h1>
          <p>{t('unsubscribe.warning.missing')}</p>
          <p>
            <Link to="/profile/subscription">{t('unsubscribe.backToSubscription')}</Link>
          </p>
        </section>
      </div>
    );
  }

  const s = subscription;
  const next = s.nextSubscription;
  const cancellable = s.display === 'renewing' || (next !== null && next.renew);
  const canSwitch = limited !== undefined && s.offer !== LIMITED_PLAN.id && s.display === 'renewing' && next === null;

  const abort = () =>
    run('abort', async () => {
      await calls.abortEvent(s.id);
      await navigate('/profile/subscription');
    });
  const confirm = () =>
    run('cancel', async () => {
      const list = await calls.cancel(s.id);
      const updated = list.subscriptions.find((x) => x.id === s.id);
      if (updated) setSubscription(updated);
      await refreshSession(api);
      setStep('survey');
    });
  const switchPlan = () =>
    run('switch', async () => {
      if (!limited) return;
      await calls.changePlan(s.id, limited.name);
      // Section 4: changing the plan refreshes the session and clears the selection.
      await refreshSession(api);
      await navigate('/profile/subscription');
    });
  const answer = async (reason: UnsubscribeReasonBody): Promise<boolean> => {
    try {
      const result = await calls.answer(s.id, reason);
      setInView(result.keepInView);
      setStep(result.offerFoundHome ? 'found-home' : 'done');
      return true;
    } catch {
      setError(t('unsubscribe.errors.generic'));
      return false;
    }
  };
  const foundHome = () =>
    run('found-home', async () => {
      await calls.markFoundHome();
      setFoundHomeDone(true);
      setStep('done');
    });

  const summary = inView && (
    <div className={styles.summary} data-testid="unsubscribe-subscription">
      <strong>{planLabel(language, s.offer, s.product.label)}</strong>
      <span>{s.display === 'renewing' ? t('unsubscribe.summary.renews', { date: day(s.endingAt) }) : t('unsubscribe.summary.runsUntil', { date: day(next?.endingAt ?? s.endingAt) })}</span>
    </div>
  );

  return (
    <div className={styles.page}>
      {error && (
        <FormMessage kind="error">{error}</FormMessage>
      )}
      {step === 'warning' && (
        <section className={styles.card} data-testid="unsubscribe-warning">
          <h1 className={styles.heading}>{t('unsubscribe.warning.heading')}</h1>
          {summary}
          {cancellable ? (
            <>
              <p>{t('unsubscribe.warning.intro')}</p>
              <ul className={styles.list}>
                <li>{t('unsubscribe.warning.points.access', { date: day(next?.endingAt ?? s.endingAt) })}</li>
                <li>{t('unsubscribe.warning.points.contacts')}</li>
                <li>{t('unsubscribe.warning.points.tenantAd')}</li>
                <li>{t('unsubscribe.warning.points.boligagent')}</li>
              </ul>
              {canSwitch && limited && (
                <div className={styles.offer} data-testid="unsubscribe-offer">
                  <h2 className={styles.subHeading}>{t('unsubscribe.warning.offerHeading')}</h2>
                  <p>{t('unsubscribe.warning.offer', { price: formatDkk(limited.price), days: limited.intervalDays, limit: limited.contactLimit ?? LIMITED_PLAN.maxLandlordContacts })}</p>
                  <div className={styles.actions}>
                    <button type="button" className="button button-secondary" {...busyButton(busy, running === 'switch')} onClick={() => setConfirmSwitch(true)}>
                      {running === 'switch' ? t('common.sending') : t('unsubscribe.warning.switch', { price: formatDkk(limited.price) })}
                    </button>
                  </div>
                  {confirmSwitch && (
                    <SwitchPlanDialog offer={limited} firstChargeAt={s.endingAt} busy={busy} onConfirm={() => void switchPlan()} onClose={() => setConfirmSwitch(false)} />
                  )}
                </div>
              )}
              <div className={styles.actions}>
                <button type="button" className="button button-primary" {...busyButton(busy, running === 'cancel')} onClick={() => void confirm()}>
                  {running === 'cancel' ? t('common.sending') : t('unsubscribe.warning.confirm')}
                </button>
                <button type="button" className="button button-secondary" {...busyButton(busy, running === 'abort')} onClick={() => void abort()}>
                  {t('unsubscribe.warning.abort')}
                </button>
              </div>
            </>
          ) : (
            <>
              <p>{t('unsubscribe.warning.notRenewing', { date: day(s.endingAt) })}</p>
              <p>
                <Link to="/profile/subscription">{t('unsubscribe.backToSubscription')}</Link>
              </p>
            </>
          )}
        </section>
      )}
      {step === 'survey' && (
        <>
          <section className={styles.card}>
            <h1 className={styles.heading}>{t('unsubscribe.cancelled.heading')}</h1>
            {summary}
            <FormMessage kind="success">{t('unsubscribe.cancelled.text', { date: day(next?.endingAt ?? s.endingAt) })}</FormMessage>
          </section>
          <UnsubscribeSurvey onAnswer={answer} onSkip={() => void navigate('/profile/subscription')} />
        </>
      )}
      {step === 'found-home' && (
        <section className={styles.card} data-testid="found-home-offer">
          <h1 className={styles.heading}>{t('unsubscribe.foundHome.heading')}</h1>
          {summary}
          <p>{t('unsubscribe.foundHome.text')}</p>
          <div className={styles.actions}>
            <button type="button" className="button button-primary" {...busyButton(busy)} onClick={() => void foundHome()}>
              {busy ? t('common.sending') : t('unsubscribe.foundHome.accept')}
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => setStep('done')}>
              {t('unsubscribe.foundHome.decline')}
            </button>
          </div>
        </section>
      )}
      {step === 'done' && (
        <section className={styles.card} data-testid="unsubscribe-done">
          <h1 className={styles.heading}>{t('unsubscribe.done.heading')}</h1>
          {summary}
          <p role="status">{foundHomeDone ? t('unsubscribe.done.foundHome') : t('unsubscribe.done.text')}</p>
          <p>
            <Link to="/profile/subscription">{t('unsubscribe.backToSubscription')}</Link>
          </p>
        </section>
      )}
    </div>
  );
}
