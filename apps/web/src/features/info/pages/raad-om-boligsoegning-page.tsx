import { InfoLayout } from '../components/info-layout';
import { useInfoContent } from '../content/use-info-content';
import styles from '../info.module.css';

/** /info/raad-om-boligsoegning: the five tips of spec section 2. */
export function RaadOmBoligsoegningPage() {
  const { advice } = useInfoContent();
  return (
    <InfoLayout page="advice">
      {advice.intro}
      <ol className={styles.tips}>
        {advice.tips.map((tip) => (
          <li key={tip.heading}>
            <h2>{tip.heading}</h2>
            {tip.text}
          </li>
        ))}
      </ol>
    </InfoLayout>
  );
}
