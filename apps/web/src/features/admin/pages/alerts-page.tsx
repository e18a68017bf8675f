import { useState } from 'react';
import type { AdminSiteAlert, AdminUpdateAlertRequest } from '@husly/contracts';
import { usePageTitle } from '../../../lib/document-head';
import { useAdminSession, useDeskAction, useDeskData } from '../admin-session';
import { DESK, day } from '../admin-texts';
import { AlertForm, alertValues } from '../components/alert-form';
import { Loaded, Outcome, TableFrame } from '../components/desk-parts';
import styles from '../admin.module.css';

/**
 * A new alert's form carries its own key, made when it opens: sent twice (a double click, a retry
 * after a lost answer) it is still one alert (the API keeps the key).
 */
type Editing = { mode: 'create'; key: string } | { mode: 'edit'; alert: AdminSiteAlert };

/** /admin/alerts: the site alerts, the inactive ones too; create, edit, take off the site. */
export function AlertsPage() {
  usePageTitle(DESK.alerts.heading);
  const { admin } = useAdminSession();
  const { state, reload } = useDeskData((signal) => admin.alerts(signal), []);
  const { busy, act, outcome, setOutcome } = useDeskAction();
  const [editing, setEditing] = useState<Editing | null>(null);

  const save = (request: AdminUpdateAlertRequest) => {
    if (!editing) return;
    const call = editing.mode === 'create' ? () => admin.createAlert({ key: editing.key, ...request }) : () => admin.updateAlert(editing.alert.id, request);
    void act(call, editing.mode === 'create' ? DESK.alerts.created : DESK.alerts.saved).then((ok) => {
      if (!ok) return;
      setEditing(null);
      reload();
    });
  };
  const deactivate = (alert: AdminSiteAlert) => {
    const { views, ...rest } = alertValues(alert);
    void act(() => admin.updateAlert(alert.id, { ...rest, link: rest.link || null, views: Number(views), active: false }), DESK.alerts.deactivated).then((ok) => ok && reload());
  };

  return (
    <section className={styles.desk} aria-labelledby="alerts-heading">
      <h1 id="alerts-heading" className={styles.heading}>
        {DESK.alerts.heading}
      </h1>
      <p className={styles.muted}>{DESK.alerts.intro}</p>
      <Outcome outcome={outcome} />
      {editing ? (
        <div className={styles.section}>
          <h2 className={styles.subHeading}>{editing.mode === 'create' ? DESK.alerts.create : `${DESK.alerts.edit}: ${editing.alert.headline}`}</h2>
          <AlertForm key={editing.mode === 'create' ? editing.key : editing.alert.id} alert={editing.mode === 'edit' ? editing.alert : null} busy={busy} onSave={save} onCancel={() => setEditing(null)} />
        </div>
      ) : (
        <div>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setOutcome(null);
              setEditing({ mode: 'create', key: crypto.randomUUID() });
            }}
          >
            {DESK.alerts.create}
          </button>
        </div>
      )}
      <Loaded state={state} onRetry={reload}>
        {({ data }) =>
          data.length === 0 ? (
            <p className={styles.muted}>{DESK.alerts.none}</p>
          ) : (
            <TableFrame caption={DESK.alerts.heading}>
              <thead>
                <tr>
                  <th scope="col">{DESK.alerts.headline}</th>
                  <th scope="col">{DESK.alerts.style}</th>
                  <th scope="col">{DESK.alerts.active}</th>
                  <th scope="col" className={styles.num}>
                    {DESK.alerts.views}
                  </th>
                  <th scope="col">{DESK.alerts.createdAt}</th>
                  <th scope="col">{DESK.user.actions}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((alert) => (
                  <tr key={alert.id} data-testid="desk-alert">
                    <td className={styles.wrap}>
                      <strong>{alert.headline}</strong>
                      <div className={styles.muted}>{alert.text}</div>
                    </td>
                    <td>{DESK.alerts.styles[alert.style] ?? alert.style}</td>
                    <td>{alert.active ? DESK.alerts.active : DESK.alerts.inactive}</td>
                    <td className={styles.num}>{alert.views}</td>
                    <td>{day(alert.createdAt)}</td>
                    <td>
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className={`button button-secondary ${styles.small}`}
                          disabled={busy}
                          onClick={() => {
                            setOutcome(null);
                            setEditing({ mode: 'edit', alert });
                          }}
                        >
                          {DESK.alerts.edit}
                        </button>
                        {alert.active && (
                          <button type="button" className={`button button-secondary ${styles.small}`} disabled={busy} onClick={() => deactivate(alert)}>
                            {DESK.alerts.deactivate}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableFrame>
          )
        }
      </Loaded>
    </section>
  );
}
