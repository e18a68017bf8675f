import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { scrollBehavior } from '../../../lib/scroll-behavior';
import styles from './dwelling-detail.module.css';

/**
 * The dwelling's images: a horizontal scroll-snap strip, so a phone swipes natively; the arrows
 * and the counter follow the scroll position. Visitors get the blurred URLs from the API.
 * Keyboard (WAI-ARIA APG carousel): the strip takes focus, ←/→ move one image (wrapping round, as the
 * buttons do, so a button never turns disabled under the focus), Home/End go to the first and last;
 * the position ("Billede 2 af 5") is announced politely.
 */
export function ImageCarousel({ images, headline }: { images: readonly string[]; headline: string }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;
  const count = images.length;

  const go = (to: number) => {
    const next = ((to % count) + count) % count;
    const el = track.current;
    el?.scrollTo?.({ left: next * el.clientWidth, behavior: scrollBehavior() });
    setIndex(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined || count < 2) return;
    event.preventDefault();
    go(to);
  };

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={t('dwelling.images')}>
      <div
        ref={track}
        className={styles.track}
        // A scrollable strip must be reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        role="group"
        aria-label={count > 1 ? t('dwelling.imagesKeys') : t('dwelling.images')}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {images.map((src, i) => (
          <figure
            key={src}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('dwelling.image', { number: i + 1, count })}
          >
            <img src={src} alt={i === 0 ? headline : ''} loading={i === 0 ? 'eager' : 'lazy'} width={960} height={640} />
          </figure>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => go(index - 1)} aria-label={t('dwelling.previousImage')}>
            ‹
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => go(index + 1)} aria-label={t('dwelling.nextImage')}>
            ›
          </button>
          <span className={styles.counter} aria-hidden="true">
            {index + 1} / {count}
          </span>
          <span className="visually-hidden" aria-live="polite" data-testid="carousel-position">
            {t('dwelling.image', { number: index + 1, count })}
          </span>
        </>
      )}
    </section>
  );
}
