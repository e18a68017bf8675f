// Section 5, signup: the texts of a failed signup, needed by the signup form and the API only
// (part of the error catalogue, error-catalogue.ts).
import { interpolate } from './interpolate';

export const SIGNUP_MESSAGES = {
  /** 422 on the email path with "cannot be blank". {email} is an example address. */
  emailBlankOrInvalid: 'Email-feltet er enten tomt eller ikke udfyldt korrekt... (f.eks. {email})',
  emailInUse: 'Email-adressen er allerede i brug.',
  failed: 'Oops! Something went wrong...',
  /** The server's message that selects `emailBlankOrInvalid`. */
  serverBlank: 'cannot be blank',
} as const;

export const EXAMPLE_EMAIL = 'navn@eksempel.dk';

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
