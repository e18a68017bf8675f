// Validation rules of spec section 5. Every rule returns codes; messages come from VALIDATION_MESSAGES
// in the language asked for (Danish by default). Danish texts the spec quotes are verbatim, and so
// are the English ones it quotes; the rest are ours. Rules needing the time take it as an argument.
//
// The rules and their texts live by form in validation-*.ts, so that the browser's bundler, which puts
// each module in one chunk, can give each page its own forms' rules: the shell validates only login and
// search, and with every rule in one module it carried them all. This module keeps every name.
export { VALIDATION_MESSAGES, validationMessage, type ValidationCode } from './validation-messages';
export type { FieldError } from './validation-field';
export {
  EMAIL_MAX_LENGTH,
  isPlainEmail,
  isValidBoligagentEmail,
  isValidEmail,
  normalizeEmail,
  validateBoligagentEmail,
} from './validation-email';
export { validateLogin } from './validation-login';
export {
  validateEmailChange,
  validateName,
  validatePasswordChange,
  validatePasswordSet,
  validateSignup,
  type PasswordChangeInput,
  type SignupField,
  type SignupInput,
} from './validation-accounts';
export {
  parseSearchFilters,
  validateSearchQuery,
  type SearchFilterField,
  type SearchFilterInput,
  type SearchFilters,
  type SearchFiltersResult,
  type SearchQueryResult,
} from './validation-search';
export { defaultTenantAvailableDate, validateTenantAd, type TenantAdField, type TenantAdInput } from './validation-tenant-ad';
export {
  validateManualUnsubscribe,
  validateUnsubscribeReason,
  type ManualUnsubscribeInput,
  type UnsubscribeAnswer,
} from './validation-unsubscribe';
