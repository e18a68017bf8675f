// Error and result texts of spec section 8 (and the server texts of section 5), verbatim where the
// spec quotes them. The spec quotes some in English and some in Danish, as the product showed them;
// translations for the web live in its locale files, keyed by these constant names.

// The catalogue is split by feature so that a browser chunk carries only the texts its page shows:
// the shell needs interpolate, the login texts and httpErrorName, not the payment or signup texts.
// This module keeps every name where it was.
export * from './interpolate';
export * from './login-messages';
export * from './signup-messages';
export * from './payment-messages';
export * from './http-errors';

export const ERROR_MESSAGES = {
  /** Unsubscribe or signup failure. */
  generic: 'Oops! Something went wrong. Please try again or reach out to our customer support.',
  /** Password change, set, reset, or boligagent failure. */
  actionFailed: 'An error occurred. Please try again or contact customer support.',
  tokenNotRecognised: 'We could not recognize you verification token. Make sure you type in the full address.',
  passwordLinkUserNotFound: 'Beklager! Vi kunne ikke finde din bruger...',
  boligagentNotFound: 'We could not find your BoligAgent. Make sure you type in the full address.',
  boligagentEmailRequired: 'Email address is required',
  boligagentInvalidEmail: 'Please enter a valid email',
  boligagentWrongUserEmail: 'Den angivne email matcher ikke din brugers email...',
  boligagentNothingToUpdate: 'Din boligagent er allerede opdateret med angivne områder',
  /** The cap of ADR 0064 (BOLIGAGENT_MAX_MAP_AREAS). */
  boligagentTooManyAreas: 'A BoligAgent watches at most 3 drawn areas.',
  boligagentMapAreaNotFound: 'We could not find that drawn area on your BoligAgent.',
  tenantAdSaveFailed: 'Der opstod en fejl. Prøv venligst igen',
  tenantAdNotActivated: 'Oops! Your tenant ad has not been activated',
  signupModalFailed: 'Øv! Noget gik galt - prøv igen eller kontakt kundeservice.',
  emailInUse: 'The specified email address is already in use.',
  graphFetchFailed: 'can not fetch data',
  uiFallback: 'Øv! Noget gik galt.',
  uiRetry: 'Prøv igen',
  notFoundPage: 'Ups! Siden findes ikke',
  /** Instant push (ADR 0063). */
  pushOff: 'Push notifications are not available.',
  pushEndpointNotAllowed: 'This push service is not supported.',
  pushNeedsInstantAgent: 'Push notifications are for a verified BoligAgent that sends instantly.',
} as const;

export const SUCCESS_MESSAGES = {
  passwordChanged: 'Sådan! Din adgangskode er nu ændret.',
  tenantAdSaved: 'Annoncen er blevet oprettet.',
} as const;
