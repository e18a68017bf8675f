import { useTranslation } from '../../../lib/use-translation';
import { fairRentHintText, formatDkk } from '@husly/domain';
import type { DwellingDetail } from '@husly/contracts';
import { useSite } from '../../../lib/site-context';
import styles from './dwelling-detail.module.css';

/**
 * What the dwelling costs a month in all and to move in, and the fair-rent hint where there are
 * enough comparable vacant dwellings (issue 15, docs/decisions/0013).
 */
export function DwellingCosts({ dwelling }: { dwelling: DwellingDetail }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const { monthly, moveIn } = dwelling.costs;
  const hint = dwelling.fairRent ? fairRentHintText(dwelling.fairRent, dwelling.fairRent.city, language) : null;
  if (monthly === null && moveIn === null && !hint) return null;
  return (
    <section className={styles.box} aria-labelledby="dwelling-costs" data-testid="dwelling-costs">
      <h2 id="dwelling-costs" className={styles.boxHeading}>
        {t('dwelling.costsHeading')}
      </h2>
      <dl className={styles.facts}>
        {monthly !== null && (
          <div className={styles.fact}>
            <dt>{t('dwelling.costMonthly')}</dt>
            <dd className={styles.costAmount}>{formatDkk(monthly)}</dd>
          </div>
        )}
        {moveIn !== null && (
          <div className={styles.fact}>
            <dt>{t('dwelling.costMoveIn')}</dt>
            <dd className={styles.costAmount}>{formatDkk(moveIn)}</dd>
          </div>
        )}
      </dl>
      {moveIn !== null && <p className={styles.note}>{t('dwelling.costMoveInNote')}</p>}
      {hint && dwelling.fairRent && (
        <div className={`${styles.fairRent} ${styles[`fairRent_${dwelling.fairRent.verdict}`]}`} data-testid="fair-rent" data-verdict={dwelling.fairRent.verdict}>
          <h3 className={styles.subHeading}>{t('dwelling.fairRentHeading')}</h3>
          <p className={styles.fairRentHeadline}>{hint.headline}</p>
          <p className={styles.note}>{hint.detail}</p>
        </div>
      )}
    </section>
  );
}
