/**
 * The JSON-LD builders the pages use, in a module of their own: the server render imports it, the
 * browser loads it only when a client navigation shows a page whose JSON-LD the server did not write
 * (useStructuredData), so no landing page carries them (issue 16).
 */
export { absoluteUrl, breadcrumbJsonLd, dwellingListingJsonLd, itemListJsonLd, organizationJsonLd, SITE_NAME, webSiteJsonLd } from '@husly/domain';
