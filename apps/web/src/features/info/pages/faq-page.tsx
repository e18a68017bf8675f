import { InfoLayout } from '../components/info-layout';
import { useInfoContent } from '../content/use-info-content';
import styles from '../info.module.css';

/** /info/faq: each question opens its answer (details: works before the script has loaded). */
export function FaqPage() {
  const { faq } = useInfoContent();
  return (
    <InfoLayout page="faq">
      <div className={styles.faq}>
        {faq.map((item) => (
          <details key={item.question}>
            <summary>
              <h2>{item.question}</h2>
            </summary>
            {item.answer}
          </details>
        ))}
      </div>
    </InfoLayout>
  );
}
