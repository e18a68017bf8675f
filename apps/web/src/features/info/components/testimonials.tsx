import { useTranslation } from '../../../lib/use-translation';
import { useInfoContent } from '../content/use-info-content';
import styles from '../info.module.css';

/** A few short quotes, marked as what users said (never presented as our own claims). */
export function Testimonials() {
  const { t } = useTranslation();
  const { testimonials } = useInfoContent();
  if (testimonials.length === 0) return null;
  return (
    <section className={styles.testimonials} aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading">{t('info.testimonials.heading')}</h2>
      <p className={styles.note}>{t('info.testimonials.note')}</p>
      <ul className={styles.quotes}>
        {testimonials.map((item) => (
          <li key={item.who}>
            <figure className={styles.quote}>
              <blockquote>
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption>– {item.who}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
