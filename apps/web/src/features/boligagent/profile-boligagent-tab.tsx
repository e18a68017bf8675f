import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { BoligagentView } from '@husly/contracts';
import { useApi } from '../../lib/api-context';
import { FormMessage } from '../../components/ui/alerts';
import { usePageTitle } from '../../lib/document-head';
import { boligagentApi } from './boligagent-api';
import { BoligagentPanel } from './components/boligagent-panel';
import styles from './boligagent.module.css';

type State = { status: 'loading' } | { status: 'ready'; agent: BoligagentView | null } | { status: 'failed' };

/** The profile's BoligAgent tab (/profile/boligagent): the logged-in user's agent, with auto-adjust. */
export function ProfileBoligagentTab() {
  const { t } = useTranslation();
  const api = useApi();
  const [state, setState] = useState<State>({ status: 'loading' });
  usePageTitle(t('boligagent.profile.title'));

  useEffect(() => {
    boligagentApi(api)
      .mine()
      .then(({ agent }) => setState({ status: 'ready', agent }))
      .catch(() => setState({ status: 'failed' }));
  }, [api]);

  return (
    <section className={styles.form} style={{ gap: 14 }} data-testid="profile-boligagent">
      <h2 className={styles.heading}>{t('boligagent.profile.title')}</h2>
      {state.status === 'loading' && <p className={styles.muted}>{t('boligagent.panel.loading')}</p>}
      {state.status === 'failed' && (
        <FormMessage kind="error">{t('boligagent.errors.error')}</FormMessage>
      )}
      {state.status === 'ready' && !state.agent && <p className={styles.muted}>{t('boligagent.profile.none')}</p>}
      {state.status === 'ready' && state.agent && (
        <>
          <p className={styles.muted}>{t('boligagent.profile.intro')}</p>
          <BoligagentPanel agent={state.agent} showAutoAdjust onChange={(agent) => setState({ status: 'ready', agent })} />
        </>
      )}
    </section>
  );
}
