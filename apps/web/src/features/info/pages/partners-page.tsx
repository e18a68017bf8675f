import { InfoLayout } from '../components/info-layout';
import { useInfoContent } from '../content/use-info-content';

/** /info/partners: landlords and businesses invited to contact us about marketing cooperation. */
export function PartnersPage() {
  return <InfoLayout page="partners">{useInfoContent().partners}</InfoLayout>;
}
