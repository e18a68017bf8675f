import { useEffect, useState } from 'react';
import { useApi } from '../../../lib/api-context';
import { useBusyAction } from '../../../lib/use-busy-action';
import { useTranslation } from '../../../lib/use-translation';
import { CheckboxField } from '../../../components/ui/form-field';
import { FormMessage } from '../../../components/ui/alerts';
import styles from '../boligagent.module.css';
import { browserPush, pushState, turnPushOff, turnPushOn, type PushBrowser, type PushState } from './push-subscription';

/**
 * "Push on this device" for an instant agent: asks permission, subscribes with the server's key and
 * posts the subscription (ADR 0063). Shown only once the browser's state is known (after hydration:
 * the server cannot know it), and not at all where the browser has no push.
 */
export function PushToggle({ token, language, browser: given }: { token?: string; language: 'da' | 'en'; browser?: PushBrowser | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const [browser] = useState(() => (given === undefined ? browserPush() : given));
  const [state, setState] = useState<PushState | null>(null);
  const [failed, setFailed] = useState(false);
  const { busy, run } = useBusyAction();

  useEffect(() => {
    let live = true;
    pushState(browser).then(
      (next) => live && setState(next),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [browser]);

  if (state === null || state === 'unsupported' || !browser) return null;

  const change = (on: boolean) =>
    void run(async () => {
      setFailed(false);
      try {
        setState(on ? await turnPushOn({ browser, api, token, language }) : await turnPushOff({ browser, api, token }));
      } catch {
        setFailed(true);
      }
    }, 'push');

  return (
    <div className={styles.push} data-testid="push-toggle">
      <CheckboxField checked={state === 'on'} disabled={busy || state === 'denied'} onChange={change} label={t('boligagent.push.label')} />
      {state === 'denied' && <p className={styles.muted}>{t('boligagent.push.denied')}</p>}
      {state === 'on' && (
        <p className={styles.muted} role="status">
          {t('boligagent.push.on')}
        </p>
      )}
      {failed && <FormMessage kind="error">{t('boligagent.push.failed')}</FormMessage>}
    </div>
  );
}
