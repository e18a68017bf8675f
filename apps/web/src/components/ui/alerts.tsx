import { createContext, useCallback, useContext, useMemo, useRef, useState, type AriaRole, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import styles from './alerts.module.css';

export type AlertKind = 'info' | 'success' | 'warning' | 'error';

export interface Alert {
  id: number;
  kind: AlertKind;
  message: ReactNode;
}

interface AlertsApi {
  alerts: readonly Alert[];
  push(kind: AlertKind, message: ReactNode): number;
  dismiss(id: number): void;
}

const AlertsContext = createContext<AlertsApi | null>(null);

export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);

  const push = useCallback((kind: AlertKind, message: ReactNode) => {
    const id = nextId.current++;
    setAlerts((current) => [...current, { id, kind, message }]);
    return id;
  }, []);
  const dismiss = useCallback((id: number) => setAlerts((current) => current.filter((a) => a.id !== id)), []);

  const value = useMemo(() => ({ alerts, push, dismiss }), [alerts, push, dismiss]);
  return <AlertsContext.Provider value={value}>{children}</AlertsContext.Provider>;
}

export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error('useAlerts needs an <AlertsProvider>');
  return api;
}

/** The page-wide messages under the header (spec section 2, layout). */
export function AlertsArea() {
  const { alerts, dismiss } = useAlerts();
  const { t } = useTranslation();
  return (
    <div className={styles.area} aria-live="polite">
      {alerts.map((alert) => (
        <div key={alert.id} className={`${styles.alert} ${styles[alert.kind]}`} role={alert.kind === 'error' ? 'alert' : 'status'}>
          <div className={styles.message}>{alert.message}</div>
          <button type="button" className={styles.dismiss} onClick={() => dismiss(alert.id)} aria-label={t('alerts.dismiss')}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

export interface FormMessageProps extends Omit<HTMLAttributes<HTMLElement>, 'role'> {
  kind: AlertKind;
  /** A `div` for a message of several paragraphs or with a button; a `p` for one line of text. */
  as?: 'p' | 'div';
  /** Announced at once for an error (`alert`), politely otherwise (`status`); `false` for none. */
  role?: AriaRole | false;
}

/**
 * A message in place, in a form or beside what it speaks of: the page-wide alerts' tones, without
 * their dismiss button.
 */
export function FormMessage({ kind, as: Tag = 'p', role, className, children, ...rest }: FormMessageProps) {
  const announced = role === undefined ? (kind === 'error' ? 'alert' : 'status') : role || undefined;
  return (
    <Tag {...rest} className={`${styles.inline} ${styles[kind]} ${className ?? ''}`} role={announced}>
      {children}
    </Tag>
  );
}
