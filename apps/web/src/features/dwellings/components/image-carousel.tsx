import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dwelling-detail.module.css';

/**
 * The dwelling's images: a horizontal scroll-snap strip, so a phone swipes natively; the arrows
 * and the counter follow the scroll position. Visitors get the blurred URLs from the API.
 */
export function ImageCarousel({ images, headline }: { images: readonly string[]; headline: string }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;

  const go = (to: number) => {
    const el = track.current;
    if (!el) return;
    const next = Math.max(0, Math.min(images.length - 1, to));
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    setIndex(next);
  };

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={t('dwelling.images')}>
      <div
        ref={track}
        className={styles.track}
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
            aria-label={t('dwelling.image', { number: i + 1, count: images.length })}
          >
            <img src={src} alt={i === 0 ? headline : ''} loading={i === 0 ? 'eager' : 'lazy'} width={960} height={640} />
          </figure>
        ))}
      </div>
      {images.length > 1 && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => go(index - 1)} disabled={index === 0} aria-label={t('dwelling.previousImage')}>
            ‹
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            onClick={() => go(index + 1)}
            disabled={index >= images.length - 1}
            aria-label={t('dwelling.nextImage')}
          >
            ›
          </button>
          <span className={styles.counter} aria-live="polite">
            {index + 1} / {images.length}
          </span>
        </>
      )}
    </section>
  );
}
