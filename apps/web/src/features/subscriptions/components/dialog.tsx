import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Dialog as UiDialog } from '../../../components/ui/dialog';
import styles from './subscriptions.module.css';

/** The subscription pages' dialogs: the shared modal (components/ui/dialog.tsx) in their words and type. */
export function Dialog({ heading, onClose, children, testId }: { heading: string; onClose(): void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <UiDialog heading={heading} closeLabel={t('subscriptions.dialog.close')} onClose={onClose} headingClassName={styles.subHeading} testId={testId}>
      {children}
    </UiDialog>
  );
}
