// The unsubscribe rules of spec sections 3, 4 and 5 that the API enforces and the web shows:
// the survey's reason values, which of them mean "found a dwelling", how the manual form's details
// are compared with an account, and the throttle and link lifetime of the manual form.

/** Section 3: the where-found answers of the survey, spelled as found-… values (5 options). */
export const FOUND_WHERE = ['found-husly', 'found-portal', 'found-social-network', 'found-friends', 'found-other'] as const;
export type FoundWhere = (typeof FOUND_WHERE)[number];

/** Section 3: the reason codes besides the where-found answers. */
export const UNSUBSCRIBE_REASON_CODES = ['FOUND_DWELLING', 'FOUND_NO_DWELLING'] as const;
export type UnsubscribeReasonCode = (typeof UNSUBSCRIBE_REASON_CODES)[number];

/** The object form of a reason: the survey's answers. */
export interface UnsubscribeSurveyAnswers {
  foundDwelling: boolean;
  where?: FoundWhere;
  /** The free-text reason (required when no dwelling was found). */
  text?: string;
}

export type UnsubscribeReason = UnsubscribeReasonCode | FoundWhere | UnsubscribeSurveyAnswers;

/**
 * Section 4: the subscription stays in view when the reason says a dwelling was found (the
 * "found a home" offer follows); any other reason clears it.
 */
export function isFoundDwellingReason(reason: UnsubscribeReason | null | undefined): boolean {
  if (reason === null || reason === undefined) return false;
  if (typeof reason === 'string') return reason === 'FOUND_DWELLING' || (FOUND_WHERE as readonly string[]).includes(reason);
  return reason.foundDwelling;
}

/**
 * The manual form (visitors, section 6 "slower"): per address an hour, and per email address a day
 * whoever asks, so neither the form nor the confirmation mails it may cause can be used at scale.
 */
export const MANUAL_UNSUBSCRIBE_THROTTLE = { perIp: 5, ipWindowMs: 60 * 60_000, perEmail: 3, emailWindowMs: 24 * 3600_000 } as const;

/** Survey answers and "found a home" calls per user (or per address for visitors) in ten minutes. */
export const UNSUBSCRIBE_SURVEY_THROTTLE = { max: 20, windowMs: 10 * 60_000 } as const;

/** Clicks logged from mail links (POST /api/notificationLog) per address in ten minutes. */
export const NOTIFICATION_LOG_THROTTLE = { perIp: 60, windowMs: 10 * 60_000 } as const;

/** The manual request's confirmation link works this long, once. */
export const UNSUBSCRIBE_CONFIRMATION_MS = 3 * 24 * 3600_000;

/** A visitor may answer the optional survey of a manual request this long after sending it. */
export const MANUAL_SURVEY_WINDOW_MS = 24 * 3600_000;

/** A name compared with an account's: case, accents of spacing and surrounding blanks do not count. */
export function normalizePersonName(name: string): string {
  return name.normalize('NFC').trim().toLocaleLowerCase('da-DK').replace(/\s+/g, ' ');
}

/** A Danish phone number compared by its last 8 digits (+45, 0045, spaces and dashes do not count). */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 8 ? digits.slice(-8) : digits;
}

/**
 * Do the manual form's details name this account? The email must be the account's, and the name or
 * the phone must be its too. Even then nothing is cancelled: the account's own inbox confirms.
 */
export function manualDetailsMatch(
  form: { email: string; name: string; phone: string },
  account: { email: string; name: string; phones: readonly string[] },
): boolean {
  if (form.email.trim().toLowerCase() !== account.email.trim().toLowerCase()) return false;
  if (normalizePersonName(form.name) === normalizePersonName(account.name)) return true;
  const phone = normalizePhone(form.phone);
  return phone.length >= 8 && account.phones.some((p) => normalizePhone(p) === phone);
}
