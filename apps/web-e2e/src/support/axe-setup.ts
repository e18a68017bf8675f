import { afterEach } from 'vitest';
import { describeFindings, takeAxeFindings } from './axe';

// Every journey, also those written without a thought of axe: what axe found on the pages a test
// visited (serious or critical) fails that test.
afterEach(async () => {
  const found = await takeAxeFindings();
  if (found.length > 0) throw new Error(describeFindings(found));
});
