import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminReceipt, AdminSubscription, AdminUserDetail } from '@husly/contracts';
import { formatOrderNo } from '@husly/domain';
import { HttpError } from '../../../lib/api-client';
import { busyButton } from '../../../lib/use-busy-action';
import { usePageTitle } from '../../../lib/document-head';
import { krWhole } from '../../subscriptions/format';
import { useAdminSession, useDeskAction, useDeskData } from '../admin-session';
import { DESK, day, dayTime } from '../admin-texts';
import { AuditTable } from '../components/audit-table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Loaded, Outcome, TableFrame, UserBadges } from '../components/desk-parts';
import styles from '../admin.module.css';

/** The actions that ask first: money and locking someone out. */
type Pending = { kind: 'cancel' | 'withdraw'; subscription: AdminSubscription } | { kind: 'refund'; receipt: AdminReceipt } | { kind: 'block' | 'unblock' };

type ActionName = 'verification' | 'password-reset' | 'tenant-ad' | 'confirm';

/** /admin/users/:id: one user, and what support can do for them (issue 33). */
export function UserPage() {
  const { id = '' } = useParams();
  const { admin } = useAdminSession();
  const valid = /^\d{1,10}$/.test(id);
  const { state, reload } = useDeskData((signal) => (valid ? admin.user(id, signal) : Promise.reject(notFound)), [id]);
  usePageTitle(state.status === 'ready' ? state.data.user.name || state.data.user.email || DESK.title : DESK.title);

  if (state.status === 'not-found') return <UserNotFound />;
  return (
    <Loaded state={state} onRetry={reload}>
      {(detail) => <UserDetail key={detail.user.id} detail={detail} reload={reload} />}
    </Loaded>
  );
}

// A path that is no user id at all is answered as the API answers an unknown one.
const notFound = new HttpError(404, null);

function UserNotFound() {
  return (
    <section className={styles.desk} aria-labelledby="user-heading">
      <h1 id="user-heading" className={styles.heading}>
        {DESK.user.notFound}
      </h1>
      <p>{DESK.user.notFoundIntro}</p>
      <p>
        <Link to="/admin">{DESK.user.back}</Link>
      </p>
    </section>
  );
}

function UserDetail({ detail, reload }: { detail: AdminUserDetail; reload(): void }) {
  const { admin, paused } = useAdminSession();
  const { user } = detail;
  const { busy, running, act, outcome, setOutcome } = useDeskAction<ActionName>();
  const [pending, setPending] = useState<Pending | null>(null);

  const resend = (kind: 'verification' | 'password-reset') => void act(() => admin.resendMail(user.id, kind), DESK.done[kind], kind).then((ok) => ok && reload());
  const toggleAd = (hidden: boolean) =>
    void act(() => admin.setTenantAdHidden(user.id, { hidden }), hidden ? DESK.done.hidden : DESK.done.shown, 'tenant-ad').then((ok) => ok && reload());
  const ask = (next: Pending) => {
    setOutcome(null);
    setPending(next);
  };
  const confirm = (reason: string | undefined) => {
    if (!pending) return;
    const body = reason === undefined ? {} : { reason };
    const call = () => {
      switch (pending.kind) {
        case 'cancel':
          return admin.cancelSubscription(pending.subscription.id, body);
        case 'withdraw':
          return admin.withdrawSubscription(pending.subscription.id, body);
        case 'refund':
          return admin.refundReceipt(pending.receipt.id, body);
        case 'block':
        case 'unblock':
          return admin.setBlocked(user.id, { blocked: pending.kind === 'block', ...body });
      }
    };
    const done = pending.kind === 'block' ? DESK.done.blocked : pending.kind === 'unblock' ? DESK.done.unblocked : DESK.done[pending.kind];
    void act(call, done, 'confirm').then((ok) => {
      if (!ok) return;
      setPending(null);
      reload();
    });
  };
  const mine = (name: ActionName) => busyButton(busy, running === name);

  return (
    <section className={styles.desk} aria-labelledby="user-heading">
      <div>
        <h1 id="user-heading" className={styles.heading}>
          {user.name || user.email || `#${user.id}`}
        </h1>
        <UserBadges user={user} />
      </div>
      {!pending && <Outcome outcome={outcome} />}

      <div className={styles.section}>
        <h2 className={styles.subHeading}>{DESK.user.details}</h2>
        <dl className={styles.facts}>
          <dt>{DESK.user.id}</dt>
          <dd>{user.id}</dd>
          <dt>{DESK.user.email}</dt>
          <dd>
            {user.email ?? DESK.user.none} <span className={styles.muted}>({user.emailVerified ? DESK.badges.verified : DESK.badges.unverified})</span>
          </dd>
          <dt>{DESK.user.phone}</dt>
          <dd>{user.cellphone ?? DESK.user.none}</dd>
          <dt>{DESK.user.language}</dt>
          <dd>{user.language}</dd>
          <dt>{DESK.user.created}</dt>
          <dd>{day(user.createdAt)}</dd>
          <dt>{DESK.user.favourites}</dt>
          <dd>{detail.favourites}</dd>
        </dl>
        <div className={styles.actions}>
          <button type="button" className={`button button-secondary ${styles.small}`} {...mine('verification')} onClick={() => resend('verification')}>
            {running === 'verification' ? DESK.sending : DESK.user.resendVerification}
          </button>
          <button type="button" className={`button button-secondary ${styles.small}`} {...mine('password-reset')} onClick={() => resend('password-reset')}>
            {running === 'password-reset' ? DESK.sending : DESK.user.resendPassword}
          </button>
          <button type="button" className={`button button-secondary ${styles.small}`} disabled={busy} onClick={() => ask({ kind: user.blockedAt ? 'unblock' : 'block' })}>
            {user.blockedAt ? DESK.user.unblock : DESK.user.block}
          </button>
        </div>
      </div>

      <div className={styles.section}>
        <h2 className={styles.subHeading}>{DESK.user.subscriptions}</h2>
        {detail.subscriptions.length === 0 ? (
          <p className={styles.muted}>{DESK.user.noSubscriptions}</p>
        ) : (
          <TableFrame caption={DESK.user.subscriptions}>
            <thead>
              <tr>
                <th scope="col">{DESK.user.plan}</th>
                <th scope="col">{DESK.user.status}</th>
                <th scope="col">{DESK.user.starts}</th>
                <th scope="col">{DESK.user.ends}</th>
                <th scope="col">{DESK.user.renews}</th>
                <th scope="col">{DESK.user.actions}</th>
              </tr>
            </thead>
            <tbody>
              {detail.subscriptions.map((subscription) => (
                <tr key={subscription.id} data-testid="desk-subscription">
                  <td>{subscription.plan}</td>
                  <td>
                    {DESK.user.statuses[subscription.status] ?? subscription.status}
                    {subscription.canceledAt && <div className={styles.muted}>{`${DESK.user.cancelledAt} ${day(subscription.canceledAt)}`}</div>}
                    {subscription.withdrawnAt && <div className={styles.muted}>{`${DESK.user.withdrawnAt} ${day(subscription.withdrawnAt)}`}</div>}
                  </td>
                  <td>{day(subscription.startingAt)}</td>
                  <td>{day(subscription.endingAt) || DESK.user.none}</td>
                  <td>{subscription.renew ? DESK.user.yes : DESK.user.no}</td>
                  <td>
                    {subscription.withdrawnAt === null && (
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className={`button button-secondary ${styles.small}`}
                          disabled={busy || !subscription.renew}
                          onClick={() => ask({ kind: 'cancel', subscription })}
                        >
                          {DESK.user.cancel}
                        </button>
                        <button type="button" className={`button button-secondary ${styles.small}`} disabled={busy} onClick={() => ask({ kind: 'withdraw', subscription })}>
                          {DESK.user.withdraw}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </div>

      <div className={styles.section}>
        <h2 className={styles.subHeading}>{DESK.user.receipts}</h2>
        {detail.receipts.length === 0 ? (
          <p className={styles.muted}>{DESK.user.noReceipts}</p>
        ) : (
          <TableFrame caption={DESK.user.receipts}>
            <thead>
              <tr>
                <th scope="col">{DESK.user.orderNo}</th>
                <th scope="col">{DESK.user.date}</th>
                <th scope="col" className={styles.num}>
                  {DESK.user.amount}
                </th>
                <th scope="col">{DESK.user.refunded}</th>
                <th scope="col">{DESK.user.actions}</th>
              </tr>
            </thead>
            <tbody>
              {detail.receipts.map((receipt) => (
                <tr key={receipt.id} data-testid="desk-receipt">
                  <td>{formatOrderNo(receipt.orderNo)}</td>
                  <td>{day(receipt.timestamp)}</td>
                  <td className={styles.num}>{krWhole(receipt.amountOre)}</td>
                  <td>{receipt.refundedOre === null ? DESK.user.no : `${krWhole(receipt.refundedOre)} ${day(receipt.refundedAt)}`}</td>
                  <td>
                    {receipt.refundedOre === null && (
                      <button type="button" className={`button button-secondary ${styles.small}`} disabled={busy} onClick={() => ask({ kind: 'refund', receipt })}>
                        {DESK.user.refund}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </div>

      <div className={styles.section}>
        <h2 className={styles.subHeading}>{DESK.user.boligagent}</h2>
        {detail.boligagent ? (
          <p>
            {detail.boligagent.summary} <span className={styles.muted}>({detail.boligagent.active ? DESK.user.active : DESK.user.inactive}, {DESK.search.created(detail.boligagent.createdAt).toLowerCase()})</span>
          </p>
        ) : (
          <p className={styles.muted}>{DESK.user.noBoligagent}</p>
        )}
      </div>

      <div className={styles.section}>
        <h2 className={styles.subHeading}>{DESK.user.tenantAd}</h2>
        {detail.tenantAd ? (
          <>
            <p>
              {[detail.tenantAd.subject, detail.tenantAd.city].filter(Boolean).join(' · ') || DESK.user.none}{' '}
              <span className={styles.badges}>
                <span className={styles.badge}>{detail.tenantAd.published ? DESK.user.published : DESK.user.unpublished}</span>
                {detail.tenantAd.hiddenAt && <span className={`${styles.badge} ${styles.badgeDanger}`}>{DESK.user.hidden}</span>}
              </span>
            </p>
            <div className={styles.actions}>
              <button type="button" className={`button button-secondary ${styles.small}`} {...mine('tenant-ad')} onClick={() => toggleAd(!detail.tenantAd?.hiddenAt)}>
                {running === 'tenant-ad' ? DESK.sending : detail.tenantAd.hiddenAt ? DESK.user.show : DESK.user.hide}
              </button>
            </div>
          </>
        ) : (
          <p className={styles.muted}>{DESK.user.noTenantAd}</p>
        )}
      </div>

      <div className={styles.section}>
        <h2 className={styles.subHeading}>{DESK.user.mails}</h2>
        {detail.mails.length === 0 ? (
          <p className={styles.muted}>{DESK.user.noMails}</p>
        ) : (
          <TableFrame caption={DESK.user.mails}>
            <thead>
              <tr>
                <th scope="col">{DESK.user.sentAt}</th>
                <th scope="col">{DESK.user.subject}</th>
                <th scope="col">{DESK.user.recipient}</th>
              </tr>
            </thead>
            <tbody>
              {detail.mails.map((mail) => (
                <tr key={mail.messageId}>
                  <td>{dayTime(mail.sentAt)}</td>
                  <td className={styles.wrap}>{mail.subject}</td>
                  <td className={styles.wrap}>{mail.recipient}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </div>

      <div className={styles.section}>
        <h2 className={styles.subHeading}>{DESK.user.audit}</h2>
        {detail.audit.length === 0 ? <p className={styles.muted}>{DESK.user.noAudit}</p> : <AuditTable entries={detail.audit} caption={DESK.user.audit} />}
      </div>

      {pending && !paused && (
        <ConfirmDialog
          {...confirmTexts(pending)}
          busy={busy}
          problem={outcome?.kind === 'error' ? outcome.problem : null}
          onConfirm={confirm}
          onClose={() => {
            setOutcome(null);
            setPending(null);
          }}
        />
      )}
    </section>
  );
}

function confirmTexts(pending: Pending): { heading: string; body: string; confirmLabel: string } {
  switch (pending.kind) {
    case 'refund':
      return { heading: DESK.confirm.refund.heading(pending.receipt.orderNo), body: DESK.confirm.refund.body(krWhole(pending.receipt.amountOre)), confirmLabel: DESK.confirm.refund.confirm };
    case 'cancel':
    case 'withdraw':
    case 'block':
    case 'unblock': {
      const texts = DESK.confirm[pending.kind];
      return { heading: texts.heading, body: texts.body, confirmLabel: texts.confirm };
    }
  }
}
