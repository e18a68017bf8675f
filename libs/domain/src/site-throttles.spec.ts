import { describe, expect, it } from 'vitest';
import { CONTACT_FORM_THROTTLE, ERROR_BEACON_THROTTLE, EVENT_THROTTLE } from './site-throttles';

describe('site throttles', () => {
  it('let a person through and stop a script', () => {
    expect(CONTACT_FORM_THROTTLE).toEqual({ perIp: 5, windowMs: 3_600_000 });
    expect(ERROR_BEACON_THROTTLE).toEqual({ perIp: 20, windowMs: 3_600_000 });
    // A signed-in user behind a shared address (a school, an office) gets more than one address does.
    expect(EVENT_THROTTLE.perUser).toBeGreaterThan(EVENT_THROTTLE.perIp);
  });
});
