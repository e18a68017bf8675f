import { InfoLayout } from '../components/info-layout';
import { useInfoContent } from '../content/use-info-content';

/** /info/klagemulighed: today's Danish complaint bodies (not the closed EU ODR platform). */
export function KlagemulighedPage() {
  return <InfoLayout page="klagemulighed">{useInfoContent().klagemulighed}</InfoLayout>;
}
