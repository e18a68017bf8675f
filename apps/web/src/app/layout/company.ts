// Placeholders: the spec leaves the company's address and registration number out.
export const COMPANY = {
  name: 'Husly ApS',
  address: 'Eksempelvej 1, 8000 Aarhus C',
  cvr: '12345678',
} as const;
