import { createHash } from 'node:crypto';
import type { PaymentMessageKey } from '@husly/domain';

/**
 * The built-in test provider's cards: Stripe's documented test numbers, each producing the outcome
 * Stripe gives it, mapped to the section 8 payment code. README "Test payments" lists them.
 */
export interface TestCardOutcome {
  ok: boolean;
  /** Section 8 payment code of a refusal. */
  code: number;
  key: PaymentMessageKey;
  field?: 'cardNumber' | 'expiry' | 'cvc';
  /** The card pays its first charge but every renewal fails (Stripe's 4000 0000 0000 0341). */
  failsRenewals?: boolean;
}

const OK: TestCardOutcome = { ok: true, code: 0, key: 'generic' };

export const TEST_CARDS: Record<string, { label: string; outcome: TestCardOutcome }> = {
  '4242424242424242': { label: 'Visa: succeeds', outcome: OK },
  '5555555555554444': { label: 'Mastercard: succeeds', outcome: OK },
  '4000002080000001': { label: 'Visa (Denmark): succeeds', outcome: OK },
  '4000002500003155': { label: 'Visa, 3D Secure: authenticates and succeeds', outcome: OK },
  '4000000000000341': { label: 'Visa: first charge succeeds, renewals fail (subscription paused)', outcome: { ...OK, failsRenewals: true } },
  '4000000000000002': { label: 'declined (generic): code 2', outcome: { ok: false, code: 2, key: 'generic' } },
  '4000000000009995': { label: 'insufficient funds (card limit): code 7', outcome: { ok: false, code: 7, key: 'cardLimitExceeded' } },
  '4000000000006975': { label: 'velocity limit exceeded (card limit): code 25', outcome: { ok: false, code: 25, key: 'cardLimitExceeded' } },
  '4000000000000127': { label: 'incorrect CVC: code 4', outcome: { ok: false, code: 4, key: 'invalidCvc', field: 'cvc' } },
  '4000000000000069': { label: 'expired card: code 5', outcome: { ok: false, code: 5, key: 'invalidExpiry', field: 'expiry' } },
  '4000008400001629': { label: '3D Secure authentication fails: code 31', outcome: { ok: false, code: 31, key: 'threeDSecureFailed' } },
  '5019717010103742': { label: 'Dankort: not supported (code 2, Dankort message)', outcome: { ok: false, code: 2, key: 'dankortNotSupported', field: 'cardNumber' } },
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The outcome of paying with a card: the number's own outcome after the format checks Stripe's element makes. */
export function testCardOutcome(card: { cardNumber: string; expiry: string; cvc: string }, now: Date): TestCardOutcome {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { ok: false, code: 17, key: 'invalidCardNumber', field: 'cardNumber' };
  if (!luhn(number)) return { ok: false, code: 3, key: 'invalidCardNumber', field: 'cardNumber' };
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry);
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) return { ok: false, code: 18, key: 'invalidExpiry', field: 'expiry' };
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // Valid through the last day of the expiry month (UTC).
  if (Date.UTC(year, Number(expiry[1]), 1) <= now.getTime()) return { ok: false, code: 6, key: 'invalidExpiry', field: 'expiry' };
  if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, code: 20, key: 'invalidCvc', field: 'cvc' };
  return TEST_CARDS[number]?.outcome ?? (number.startsWith('5019') ? TEST_CARDS['5019717010103742'].outcome : OK);
}

/**
 * The card's fingerprint. Number and expiry: test runs buy intros as many users with 4242…, each
 * with another expiry date, and still test "once per card" with the same number and expiry.
 */
export function testCardFingerprint(card: { cardNumber: string; expiry: string }): string {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  return `tfp_${createHash('sha256').update(`${number}|${card.expiry.replace(/\s/g, '')}`).digest('hex').slice(0, 24)}`;
}
