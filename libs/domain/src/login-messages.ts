// Section 5, login: the server's 401 texts and the field each marks. The login form sits in the
// header of every page, so these are apart from the rest of the error catalogue (error-catalogue.ts).

export const LOGIN_MESSAGES = {
  /** Server 401 texts; each marks one field. */
  emailNotRegistered: 'This email is not registered.',
  passwordIncorrect: 'This password is not correct.',
  /** What the web shows for either. */
  failed: 'Adgangskode eller email-adresse er ikke korrekt...',
} as const;

/** 403 to a login of an account support blocked (issue 33), in the site's language. */
export const ACCOUNT_BLOCKED_MESSAGES = {
  da: 'Din konto er spærret. Kontakt kundeservice, hvis du mener, det er en fejl.',
  en: 'Your account is blocked. Contact customer support if you think this is a mistake.',
} as const;

/** Section 5, login: which field a 401 marks, from the server's message; null when neither. */
export function loginErrorField(statusCode: number, serverMessage: string | undefined): 'email' | 'password' | null {
  if (statusCode !== 401) return null;
  if (serverMessage === LOGIN_MESSAGES.emailNotRegistered) return 'email';
  if (serverMessage === LOGIN_MESSAGES.passwordIncorrect) return 'password';
  return null;
}
