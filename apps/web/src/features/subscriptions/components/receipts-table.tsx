import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { Transaction } from '@husly/contracts';
import { day, krWhole } from '../format';
import styles from './subscriptions.module.css';

/**
 * Section 2: the receipts table (date, order no., link to /profile/invoice/{id}). Amounts in whole
 * DKK (section 9); a refunded charge says so, with the amount and date (issue 36: only the invoice did).
 */
export function ReceiptsTable({ transactions }: { transactions: Transaction[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="receipts-heading">
      <h2 id="receipts-heading" className={styles.subHeading}>
        {t('subscriptions.receipts.heading')}
      </h2>
      {transactions.length === 0 ? (
        <p className={styles.muted}>{t('subscriptions.receipts.none')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('subscriptions.receipts.date')}</th>
                <th scope="col">{t('subscriptions.receipts.orderNo')}</th>
                <th scope="col" className={styles.num}>
                  {t('subscriptions.receipts.amount')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('subscriptions.receipts.receipt')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((tx) => (
                <tr key={tx.id} data-testid="receipt-row" data-refunded={tx.refunded || undefined}>
                  <td>{day(tx.timestamp)}</td>
                  <td>{tx.orderno}</td>
                  <td className={styles.num}>
                    {krWhole(tx.amountOre)}
                    {tx.refunded && (
                      <span className={`${styles.small} ${styles.refunded}`} data-testid="receipt-refunded">
                        {tx.refundedAt
                          ? t('subscriptions.receipts.refunded', { amount: krWhole(tx.refundedOre ?? tx.amountOre), date: day(tx.refundedAt) })
                          : t('subscriptions.receipts.refundedNoDate', { amount: krWhole(tx.refundedOre ?? tx.amountOre) })}
                      </span>
                    )}
                  </td>
                  <td>
                    <Link to={`/profile/invoice/${tx.id}`} aria-label={t('subscriptions.receipts.showLabel', { orderno: tx.orderno })}>
                      {t('subscriptions.receipts.show')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
