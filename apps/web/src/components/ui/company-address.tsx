/** The company that runs Husly, as a postal address: the contact page and the printed receipt show the same block. */
export interface CompanyAddressProps {
  name: string;
  address: string;
  zip: string;
  city: string;
  /** The Danish business registry number; called CVR in English too. */
  cvr: string;
  className?: string;
}

export function CompanyAddress({ name, address, zip, city, cvr, className }: CompanyAddressProps) {
  return (
    <address className={className}>
      {name}
      <br />
      {address}
      <br />
      {zip} {city}
      <br />
      CVR {cvr}
    </address>
  );
}
