import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { FoundHomeView } from '@husly/contracts';
import { useApi } from '../../../lib/api-context';
import { FormMessage } from '../../../components/ui/alerts';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { unsubscribeApi } from '../unsubscribe-api';
import styles from '../unsubscribe.module.css';

/** On the profile: "found a home" is active (agents paused, renewal stopped) with its undo. Nothing otherwise. */
export function FoundHomeNotice() {
  const { t } = useTranslation();
  const api = useApi();
  const [state, setState] = useState<FoundHomeView | null>(null);
  const [undone, setUndone] = useState(false);
  const { busy, run } = useBusyAction();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    unsubscribeApi(api)
      .foundHome()
      .then((s) => live && setState(s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  // Undone once however often pressed: a second undo would race the first on the server.
  const undo = () =>
    run(async () => {
      setFailed(false);
      try {
        setState(await unsubscribeApi(api).undoFoundHome());
        setUndone(true);
      } catch {
        setFailed(true);
      }
    });

  if (undone) {
    return (
      <FormMessage kind="success" className={styles.spaced}>{t('unsubscribe.foundHome.undone')}</FormMessage>
    );
  }
  if (!state?.active) return null;
  return (
    <section className={`${styles.card} ${styles.spaced}`} data-testid="found-home-notice">
      <h2 className={styles.subHeading}>{t('unsubscribe.foundHome.noticeHeading')}</h2>
      <p>{t(state.pausedBoligagents === 0 ? 'unsubscribe.foundHome.noticeNone' : 'unsubscribe.foundHome.notice', { count: state.pausedBoligagents })}</p>
      {state.renewalStopped && <p>{t('unsubscribe.foundHome.noticeRenewal')}</p>}
      {failed && (
        <FormMessage kind="error">{t('unsubscribe.errors.generic')}</FormMessage>
      )}
      <div className={styles.actions}>
        <button type="button" className="button button-secondary" {...busyButton(busy)} onClick={() => void undo()}>
          {busy ? t('common.sending') : t('unsubscribe.foundHome.undo')}
        </button>
      </div>
    </section>
  );
}
