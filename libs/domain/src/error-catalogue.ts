// Error and result texts of spec section 8 (and the server texts of section 5), verbatim where the
// spec quotes them. The spec quotes some in English and some in Danish, as the product showed them;
// translations for the web live in its locale files, keyed by these constant names.

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
  tenantAdSaveFailed: 'Der opstod en fejl. Prøv venligst igen',
  tenantAdNotActivated: 'Oops! Your tenant ad has not been activated',
  signupModalFailed: 'Øv! Noget gik galt - prøv igen eller kontakt kundeservice.',
  emailInUse: 'The specified email address is already in use.',
  graphFetchFailed: 'can not fetch data',
  uiFallback: 'Øv! Noget gik galt.',
  uiRetry: 'Prøv igen',
  notFoundPage: 'Ups! Siden findes ikke',
} as const;

export const SUCCESS_MESSAGES = {
  passwordChanged: 'Sådan! Din adgangskode er nu ændret.',
  tenantAdSaved: 'Annoncen er blevet oprettet.',
} as const;

export const LOGIN_MESSAGES = {
  /** Server 401 texts; each marks one field. */
  emailNotRegistered: 'This email is not registered.',
  passwordIncorrect: 'This password is not correct.',
  /** What the web shows for either. */
  failed: 'Adgangskode eller email-adresse er ikke korrekt...',
} as const;

/** Section 5, login: which field a 401 marks, from the server's message; null when neither. */
export function loginErrorField(statusCode: number, serverMessage: string | undefined): 'email' | 'password' | null {
  if (statusCode !== 401) return null;
  if (serverMessage === LOGIN_MESSAGES.emailNotRegistered) return 'email';
  if (serverMessage === LOGIN_MESSAGES.passwordIncorrect) return 'password';
  return null;
}

export const SIGNUP_MESSAGES = {
  /** 422 on the email path with "cannot be blank". {email} is an example address. */
  emailBlankOrInvalid: 'Email-feltet er enten tomt eller ikke udfyldt korrekt... (f.eks. {email})',
  emailInUse: 'Email-adressen er allerede i brug.',
  failed: 'Oops! Something went wrong...',
  /** The server's message that selects `emailBlankOrInvalid`. */
  serverBlank: 'cannot be blank',
} as const;

export const EXAMPLE_EMAIL = 'navn@eksempel.dk';

/** Replaces {name} placeholders; unknown placeholders stay as they are. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * Section 5, signup: the text for a failed signup. A 422 with an error on the email path shows the
 * blank/invalid text when the server says "cannot be blank", otherwise "already in use".
 */
export function signupFailure(
  failure: { statusCode: number; errors?: ReadonlyArray<{ path: string; message: string }> },
  exampleEmail: string = EXAMPLE_EMAIL,
): { field: 'email' | null; message: string } {
  const emailError = failure.statusCode === 422 ? failure.errors?.find((e) => e.path === 'email') : undefined;
  if (!emailError) return { field: null, message: SIGNUP_MESSAGES.failed };
  if (emailError.message === SIGNUP_MESSAGES.serverBlank) {
    return { field: 'email', message: interpolate(SIGNUP_MESSAGES.emailBlankOrInvalid, { email: exampleEmail }) };
  }
  return { field: 'email', message: SIGNUP_MESSAGES.emailInUse };
}

export const PAYMENT_MESSAGES = {
  providerUnavailable: 'Could not connect to payment provider. Please contact customer support.',
  termsRequired: 'Subscription and payment terms must be accepted.',
  generic: 'Payment failed. Please check your card details or contact customer support.',
  invalidCardNumber: 'Invalid card number.',
  wrongCardNumber: 'It looks like you have typed a wrong credit card number.',
  dankortNotSupported: 'Unfortunately we do not support Dankort. Please use a Visa, Visa/Dankort or MasterCard.',
  invalidCvc: 'Invalid CVC.',
  invalidExpiry: 'Invalid expire date, or credit card has expired.',
  cardholderNameRequired: 'Please enter the card holder name.',
  threeDSecureFailed: 'Payment failed. Please try again, or contact customer support.',
  /** Our text; the spec does not show it. */
  cardLimitExceeded: 'The card limit has been exceeded. Please use another card or contact your bank.',
} as const;
export type PaymentMessageKey = keyof typeof PAYMENT_MESSAGES;

const PAYMENT_CODES: ReadonlyArray<[readonly number[], PaymentMessageKey]> = [
  [[2], 'generic'],
  [[3, 17], 'invalidCardNumber'],
  [[4, 20], 'invalidCvc'],
  [[5, 6, 18, 19], 'invalidExpiry'],
  [[7, 25, 40103], 'cardLimitExceeded'],
  [[31], 'threeDSecureFailed'],
];

/** Section 8 payment code map. Code 30 is ignored (null); unknown codes are the generic failure. */
export function paymentErrorKey(code: number): PaymentMessageKey | null {
  if (code === 30) return null;
  return PAYMENT_CODES.find(([codes]) => codes.includes(code))?.[1] ?? 'generic';
}

/** The HTTP error name the web raises for a failed call (section 8): HTTP_403 etc. */
export function httpErrorName(statusCode: number): `HTTP_${number}` {
  return `HTTP_${statusCode}`;
}
