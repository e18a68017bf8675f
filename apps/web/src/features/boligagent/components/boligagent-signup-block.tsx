import { useTranslation } from '../../../lib/use-translation';
import { useAreas } from '../../cities/use-areas';
import { BoligagentSignupForm } from './boligagent-signup-form';
import styles from '../boligagent.module.css';

export interface BoligagentSignupBlockProps {
  /** City slug of the search, when the search names a city. */
  area?: string;
  rent?: number;
  rooms?: number;
  size?: number;
  /** Above or below the results: the two blocks of the search page. */
  position: 'above' | 'below';
}

/** The boligagent signup block of /search (above and below the results): the search's prefs plus an email. */
export function BoligagentSignupBlock({ area, rent, rooms, size, position }: BoligagentSignupBlockProps) {
  const { t } = useTranslation();
  const areas = useAreas();
  // The heading names the city as people write it; the slug until the areas have arrived.
  const label = (area && areas.status === 'success' && areas.data.data.find((city) => city.slug === area)?.label) || area;
  return (
    <aside className={styles.block} data-position={position} data-testid={`boligagent-block-${position}`}>
      <p className={styles.blockHeading}>{label ? t('boligagent.block.heading', { area: label }) : t('boligagent.block.headingAnywhere')}</p>
      <p className={styles.muted}>{t('boligagent.block.text')}</p>
      <BoligagentSignupForm variant="block" prefs={[{ area: area ?? null, rent: rent ?? null, rooms: rooms ?? null, size: size ?? null }]} />
    </aside>
  );
}
