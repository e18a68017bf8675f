// What every validator of validation-*.ts shares: the FieldError shape, the blank test, and an error
// whose text comes from the table of the validator's own form. Each form keeps its texts beside its
// rules, so a browser chunk carries the texts of its own forms only (the shell validates login and
// search; with one table for all it carried every form's texts).
import type { Language } from './constants';
import { interpolate } from './interpolate';
import type { ValidationCode } from './validation-messages';

export interface FieldError<F extends string = string> {
  field: F;
  code: ValidationCode;
  message: string;
}

/** Danish and English text of each code of one form. */
export type ValidationMessageTable<C extends ValidationCode = ValidationCode> = { readonly [K in C]: Readonly<Record<Language, string>> };

export const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

/** The text of `code` in `lang` from one form's table (or the whole one), its placeholders filled. */
export function messageFrom<C extends ValidationCode>(
  messages: ValidationMessageTable<C>,
  code: C,
  lang: Language,
  values: Record<string, string | number>,
): string {
  return interpolate(messages[code][lang], values);
}

/** The error of `code` on `field`, its text taken from `messages`. */
export function fieldError<F extends string, C extends ValidationCode>(
  messages: ValidationMessageTable<C>,
  field: F,
  code: C,
  lang: Language,
): FieldError<F> {
  return { field, code, message: messageFrom(messages, code, lang, { field }) };
}
