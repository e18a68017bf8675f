import { SubscriptionTermsContent } from '../../subscriptions/components/terms-content';
import { CookieSection } from '../../privacy/cookie-table';
import { InfoLayout } from '../components/info-layout';
import { useInfoContent } from '../content/use-info-content';

/** /info/terms: the same terms the payment form's modal shows, with #elektronisk-kommunikation, and the cookies (#cookies). */
export function TermsPage() {
  return (
    <InfoLayout page="terms">
      {useInfoContent().terms}
      <SubscriptionTermsContent headingLevel="h2" />
      <CookieSection />
    </InfoLayout>
  );
}
