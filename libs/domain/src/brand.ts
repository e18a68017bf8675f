// The site's colours, for what cannot read its stylesheet: the mails. apps/web/src/styles/global.css
// declares the same values as custom properties, and a web test keeps the two equal (the boligagent
// mail was red while the site is green, issue 15).
export const BRAND_COLOURS = {
  brand: '#1d5c4d',
  brandStrong: '#154538',
  ink: '#1c2422',
  inkSoft: '#56635f',
  paper: '#fbfaf7',
  sand: '#f2eee7',
  line: '#e3ded5',
  surface: '#ffffff',
} as const;

/** The custom property of global.css that holds each colour. */
export const BRAND_CSS_PROPERTIES: Record<keyof typeof BRAND_COLOURS, string> = {
  brand: '--brand',
  brandStrong: '--brand-strong',
  ink: '--ink',
  inkSoft: '--ink-soft',
  paper: '--paper',
  sand: '--sand',
  line: '--line',
  surface: '--surface',
};
