import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files measured as the longest (the run summary's "slowest files") start first, so no worker
 * begins one of them while the other is nearly done. Vitest orders by the last run's durations, which
 * a fresh clone (every CI run) does not have, and then by file size: the webhook-order property, a
 * small file of 161 s, started last and left one worker running alone for about a minute.
 */
const LONGEST = [
  'apps/api/src/subscriptions/webhooks/webhook-order.e2e-spec.ts',
  'apps/api/src/infra/prisma/migrations.e2e-spec.ts',
  'apps/api/src/boligagent/boligagent-delivery.e2e-spec.ts',
  'apps/api/src/subscriptions/sync/account-deletion.e2e-spec.ts',
  'apps/api/src/infra/database/embedded-wire-server.e2e-spec.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((path) => file.moduleId.replace(/\\/g, '/').endsWith(path));
      return at === -1 ? LONGEST.length : at;
    };
    // A stable sort: the rest keep Vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
