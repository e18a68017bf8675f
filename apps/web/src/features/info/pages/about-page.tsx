import { InfoLayout } from '../components/info-layout';
import { Testimonials } from '../components/testimonials';
import { useInfoContent } from '../content/use-info-content';

/** /info/about, with the users' quotes. */
export function AboutPage() {
  const content = useInfoContent();
  return (
    <InfoLayout page="about">
      {content.about}
      <Testimonials />
    </InfoLayout>
  );
}
