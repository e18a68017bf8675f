import { useTranslation } from '../../../lib/use-translation';
import { CompanyAddress } from '../../../components/ui/company-address';
import { usePublicSettings } from '../../../lib/public-settings';
import { ContactForm } from '../components/contact-form';
import { InfoLayout } from '../components/info-layout';
import { useInfoContent } from '../content/use-info-content';
import styles from '../info.module.css';

/** /info/contact: who runs Husly (COMPANY_* from the server's configuration) and the contact form. */
export function ContactPage() {
  const { t } = useTranslation();
  const { company } = usePublicSettings();
  const content = useInfoContent();
  return (
    <InfoLayout
      page="contact"
      aside={
        <div className={styles.companyCard}>
          <h2>{t('info.contact.companyHeading')}</h2>
          <CompanyAddress {...company} />
        </div>
      }
    >
      {content.contact}
      <ContactForm />
    </InfoLayout>
  );
}
