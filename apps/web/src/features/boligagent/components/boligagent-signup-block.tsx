import { useEffect } from 'react';
import { COOKIES, readCookie } from '@husly/domain';
import { islandOnDemand } from '../../../lib/islands';
import { useTranslation } from '../../../lib/use-translation';
import { useAreas } from '../../cities/use-areas';
import styles from '../boligagent.module.css';

/**
 * The blocks' form, whose code (1.2 KB gzip with the email rule) loads when a visitor turns to it:
 * hovers, touches or focuses the block, or sends the form (lib/islands.tsx carries over what was
 * typed and sends it again). A logged-in user's form differs from the server's (no email field),
 * so theirs loads at once.
 */
const signupForm = islandOnDemand(() => import('./boligagent-signup-form').then((module) => module.BoligagentSignupForm));

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
  useEffect(() => {
    if (readCookie(document.cookie, COOKIES.token.name)) signupForm.start();
  }, []);
  return (
    <aside
      className={styles.block}
      data-position={position}
      data-testid={`boligagent-block-${position}`}
      onPointerEnter={signupForm.start}
      onPointerDown={signupForm.start}
      onFocus={signupForm.start}
    >
      <p className={styles.blockHeading}>{label ? t('boligagent.block.heading', { area: label }) : t('boligagent.block.headingAnywhere')}</p>
      <p className={styles.muted}>{t('boligagent.block.text')}</p>
      <signupForm.Island props={{ variant: 'block', prefs: [{ area: area ?? null, rent: rent ?? null, rooms: rooms ?? null, size: size ?? null }] }} />
    </aside>
  );
}
