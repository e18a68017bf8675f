import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@husly/domain';
import { paymentFailureFromBody, paymentFailureKey } from './payment-errors';
import { httpsRedirect } from './format';

describe('paymentFailureKey: section 8 code map, one function for both gateways', () => {
  it.each([
    [2, undefined, 'generic'],
    [3, undefined, 'invalidCardNumber'],
    [17, undefined, 'invalidCardNumber'],
    [3, PAYMENT_MESSAGES.wrongCardNumber, 'wrongCardNumber'],
    [4, undefined, 'invalidCvc'],
    [20, undefined, 'invalidCvc'],
    [5, undefined, 'invalidExpiry'],
    [6, undefined, 'invalidExpiry'],
    [18, undefined, 'invalidExpiry'],
    [19, undefined, 'invalidExpiry'],
    [7, undefined, 'cardLimitExceeded'],
    [25, undefined, 'cardLimitExceeded'],
    [40103, undefined, 'cardLimitExceeded'],
    [31, undefined, 'threeDSecureFailed'],
    [2, PAYMENT_MESSAGES.dankortNotSupported, 'dankortNotSupported'],
    [999, undefined, 'generic'],
  ] as const)('code %i (%s) → %s', (paymentCode, message, key) => {
    expect(paymentFailureKey({ paymentCode, message })).toBe(key);
  });

  it('the provider’s message key narrows like its text does, and only within the class', () => {
    expect(paymentFailureKey({ paymentCode: 2, messageKey: 'dankortNotSupported' })).toBe('dankortNotSupported');
    expect(paymentFailureKey({ paymentCode: 3, messageKey: 'wrongCardNumber' })).toBe('wrongCardNumber');
    expect(paymentFailureKey({ paymentCode: 7, messageKey: 'invalidCvc' })).toBe('cardLimitExceeded');
    expect(paymentFailureKey({ paymentCode: 2, messageKey: 'no-such-key' })).toBe('generic');
  });

  it('ignores code 30', () => expect(paymentFailureKey({ paymentCode: 30 })).toBeNull());

  it('a provider text never moves a failure to another class (code 4 with the Dankort text stays CVC)', () => {
    expect(paymentFailureKey({ paymentCode: 4, message: PAYMENT_MESSAGES.dankortNotSupported })).toBe('invalidCvc');
  });

  it.each([
    [{ code: 'incorrect_number' }, 'invalidCardNumber'],
    [{ code: 'incorrect_cvc' }, 'invalidCvc'],
    [{ code: 'expired_card' }, 'invalidExpiry'],
    [{ code: 'card_declined', declineCode: 'insufficient_funds' }, 'cardLimitExceeded'],
    [{ code: 'payment_intent_authentication_failure' }, 'threeDSecureFailed'],
    [{ code: 'card_declined' }, 'generic'],
    [{ code: 'something_new' }, 'generic'],
  ] as const)('Stripe %o → %s', (failure, key) => {
    expect(paymentFailureKey(failure)).toBe(key);
  });

  it('reads the test provider’s 402 body and nothing else', () => {
    expect(paymentFailureFromBody({ statusCode: 402, code: 'payment-failed', paymentCode: 7, message: 'x' })).toEqual({ paymentCode: 7, message: 'x', messageKey: undefined });
    expect(paymentFailureFromBody({ statusCode: 402, code: 'payment-failed', paymentCode: 2, messageKey: 'dankortNotSupported', message: 'x' })?.messageKey).toBe('dankortNotSupported');
    expect(paymentFailureFromBody({ statusCode: 400, message: 'Validation failed' })).toBeNull();
    expect(paymentFailureFromBody('oops')).toBeNull();
  });
});

describe('httpsRedirect (section 2: https except on localhost)', () => {
  const at = (url: string) => {
    const u = new URL(url);
    return { protocol: u.protocol, hostname: u.hostname, host: u.host, pathname: u.pathname, search: u.search };
  };
  it('sends http to https on a real host, keeping path and query', () => {
    expect(httpsRedirect(at('http://husly.dk/profile/subscription?next=/vis/1'))).toBe('https://husly.dk/profile/subscription?next=/vis/1');
    expect(httpsRedirect(at('http://en.husly.dk:8080/profile/subscription'))).toBe('https://en.husly.dk:8080/profile/subscription');
  });
  it('stays on https and on localhost', () => {
    expect(httpsRedirect(at('https://husly.dk/profile/subscription'))).toBeNull();
    expect(httpsRedirect(at('http://localhost:3000/profile/subscription'))).toBeNull();
    expect(httpsRedirect(at('http://127.0.0.1:3000/profile/subscription'))).toBeNull();
  });
});
