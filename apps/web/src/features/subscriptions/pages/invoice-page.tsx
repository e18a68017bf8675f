import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { receiptLineLabel, VAT } from '@husly/domain';
import type { Transaction } from '@husly/contracts';
import { PageLoading } from '../../../components/ui/page-loading';
import { CompanyAddress } from '../../../components/ui/company-address';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/document-head';
import styles from '../components/subscriptions.module.css';
import { day, krFromOre } from '../format';
import { FormMessage } from '../../../components/ui/alerts';
import { fetchTransaction } from '../subscriptions-api';

/**
 * /profile/invoice/{id} (section 2): one printable receipt of the user's own. Its lines stay as they
 * were written (Danish); on en. a plan's line is worded in English by the plan the API says it is.
 */
export function InvoicePage() {
  const { t, language } = useTranslation();
  const api = useApi();
  const { id = '' } = useParams();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'shown'; receipt: Transaction } | { status: 'missing' } | { status: 'error' }>({ status: 'loading' });
  usePageTitle(state.status === 'shown' ? t('subscriptions.invoice.title', { orderno: state.receipt.orderno }) : t('subscriptions.invoice.heading'));

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetchTransaction(api, id).then(
      (receipt) => live && setState({ status: 'shown', receipt }),
      (error: unknown) => live && setState({ status: isHttpError(error, 404) || isHttpError(error, 400) ? 'missing' : 'error' }),
    );
    return () => {
      live = false;
    };
  }, [api, id]);

  if (state.status === 'loading') return <PageLoading />;
  if (state.status !== 'shown') {
    return (
      <div className={styles.card}>
        <p role="alert">{t(state.status === 'missing' ? 'subscriptions.invoice.missing' : 'subscriptions.errors.load')}</p>
        <Link to="/profile/subscription">{t('subscriptions.invoice.back')}</Link>
      </div>
    );
  }
  const { receipt } = state;
  const { customer, company } = receipt;
  const netOre = receipt.amountOre - receipt.vatOre;

  return (
    <article className={`${styles.card} ${styles.invoice}`} data-testid="invoice">
      <div className={styles.invoiceHead}>
        <div>
          <h2 className={styles.heading}>{t('subscriptions.invoice.heading')}</h2>
          <p className={styles.muted}>
            {t('subscriptions.invoice.orderNo')} <strong data-testid="invoice-orderno">{receipt.orderno}</strong> · {day(receipt.timestamp)}
          </p>
          {receipt.refunded && <FormMessage kind="warning" role={false}>{t('subscriptions.invoice.refunded')}</FormMessage>}
        </div>
        <div className={`${styles.actions} ${styles.noPrint}`}>
          <button type="button" className="button button-primary" onClick={() => window.print()}>
            {t('subscriptions.invoice.print')}
          </button>
          <Link to="/profile/subscription" className="button button-secondary">
            {t('subscriptions.invoice.back')}
          </Link>
        </div>
      </div>

      <div className={styles.parties}>
        <section aria-labelledby="invoice-customer">
          <h3 id="invoice-customer" className={styles.subHeading}>
            {t('subscriptions.invoice.customer')}
          </h3>
          <address className={styles.address}>
            {customer.name}
            {customer.address && (
              <>
                <br />
                {customer.address}
              </>
            )}
            {(customer.zipcode || customer.city) && (
              <>
                <br />
                {[customer.zipcode, customer.city].filter(Boolean).join(' ')}
              </>
            )}
          </address>
        </section>
        <section aria-labelledby="invoice-company">
          <h3 id="invoice-company" className={styles.subHeading}>
            {t('subscriptions.invoice.company')}
          </h3>
          <CompanyAddress className={styles.address} name={company.name} address={company.address} zip={company.zip} city={company.city} cvr={company.tax} />
        </section>
      </div>

      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('subscriptions.invoice.product')}</th>
              <th scope="col" className={styles.num}>
                {t('subscriptions.invoice.price')}
              </th>
              <th scope="col" className={styles.num}>
                {t('subscriptions.invoice.vat', { rate: VAT.ratePercent })}
              </th>
              <th scope="col" className={styles.num}>
                {t('subscriptions.invoice.subtotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.products.map((line, i) => (
              <tr key={i}>
                <td style={{ whiteSpace: 'normal' }}>{receiptLineLabel(language, line)}</td>
                <td className={styles.num} data-label={t('subscriptions.invoice.price')}>
                  {krFromOre(line.priceOre)}
                </td>
                <td className={styles.num} data-label={t('subscriptions.invoice.vat', { rate: VAT.ratePercent })}>
                  {krFromOre(line.vatOre)}
                </td>
                <td className={styles.num} data-label={t('subscriptions.invoice.subtotal')}>
                  {krFromOre(line.subtotalOre)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3}>{t('subscriptions.invoice.net')}</td>
              <td className={styles.num}>{krFromOre(netOre)}</td>
            </tr>
            <tr>
              <td colSpan={3}>{t('subscriptions.invoice.vatIncluded', { rate: VAT.ratePercent })}</td>
              <td className={styles.num} data-testid="invoice-vat">
                {krFromOre(receipt.vatOre)}
              </td>
            </tr>
            <tr className={styles.totals}>
              <td colSpan={3}>{t('subscriptions.invoice.total')}</td>
              <td className={styles.num} data-testid="invoice-total">
                {krFromOre(receipt.amountOre)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className={`${styles.muted} ${styles.small}`}>{t('subscriptions.invoice.footer', { rate: VAT.ratePercent })}</p>
    </article>
  );
}
