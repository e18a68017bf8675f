import { useTranslation } from '../../../lib/use-translation';
import type { DwellingDetail } from '@husly/contracts';
import { useSite } from '../../../lib/site-context';
import { dwellingExpenses, dwellingFacts, type FactRow } from '../dwelling-facts';
import styles from './dwelling-detail.module.css';

function FactList({ rows }: { rows: FactRow[] }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.facts}>
      {rows.map((row) => (
        <div key={row.label} className={`${styles.fact} ${row.wide ? styles.wideFact : ''}`}>
          <dt>{t(`dwelling.${row.label}`)}</dt>
          <dd>
            {row.label === 'fact_dwelling_types'
              ? row.value
                  .split(', ')
                  .map((type) => t(`dwelling.type_${type}`, { defaultValue: type }))
                  .join(', ')
              : row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function DwellingFacts({ dwelling }: { dwelling: DwellingDetail }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const expenses = dwellingExpenses(dwelling, language);
  return (
    <section className={styles.box} aria-labelledby="dwelling-facts">
      <h2 id="dwelling-facts" className={styles.boxHeading}>
        {t('dwelling.facts')}
      </h2>
      <FactList rows={dwellingFacts(dwelling, language)} />
      {expenses.length > 0 && (
        <>
          <h3 className={styles.subHeading}>{t('dwelling.expensesHeading')}</h3>
          <FactList rows={expenses} />
        </>
      )}
    </section>
  );
}
