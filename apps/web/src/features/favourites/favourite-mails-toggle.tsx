import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useApi } from '../../lib/api-context';
import { CheckboxField } from '../../components/ui/form-field';
import { favouritesApi } from './favourites-api';
import styles from './favourites.module.css';

type State = { status: 'loading' } | { status: 'hidden' } | { status: 'ready'; mails: boolean; saving: boolean; failed: boolean };

/**
 * "Send mig en mail, når en gemt bolig ændrer sig" (issue 34, docs/decisions/0062-change-alerts.md):
 * off until the user ticks it. The box shows what the API answered; a refused change is put back
 * and said. If the setting cannot be read the box is left out rather than shown wrong.
 */
export function FavouriteMailsToggle() {
  const { t } = useTranslation();
  const api = useApi();
  const hintId = useId();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    favouritesApi(api)
      .settings(controller.signal)
      .then(({ mails }) => setState({ status: 'ready', mails, saving: false, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'hidden' });
      });
    return () => controller.abort();
  }, [api]);

  if (state.status === 'hidden') return null;
  const ready = state.status === 'ready';
  const change = async (mails: boolean) => {
    if (!ready) return;
    setState({ status: 'ready', mails, saving: true, failed: false });
    try {
      const saved = await favouritesApi(api).setSettings({ mails });
      setState({ status: 'ready', mails: saved.mails, saving: false, failed: false });
    } catch {
      setState({ status: 'ready', mails: !mails, saving: false, failed: true });
    }
  };
  return (
    <div className={styles.mails} data-testid="favourite-mails">
      <CheckboxField
        checked={ready && state.mails}
        disabled={!ready || state.saving}
        aria-busy={!ready || state.saving}
        onChange={(mails) => void change(mails)}
        label={t('favourites.mails.label')}
        describedBy={hintId}
        error={ready && state.failed ? t('favourites.mails.failed') : undefined}
        errorRole="alert"
      />
      <p id={hintId} className={styles.muted}>
        {t('favourites.mails.hint')}
      </p>
    </div>
  );
}
