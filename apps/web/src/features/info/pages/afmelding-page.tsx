import { InfoLayout } from '../components/info-layout';
import { useInfoContent } from '../content/use-info-content';

/** /info/afmelding: cancelling from the subscription page, or by request without a login. */
export function AfmeldingPage() {
  return <InfoLayout page="afmelding">{useInfoContent().afmelding}</InfoLayout>;
}
