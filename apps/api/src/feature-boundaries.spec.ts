import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { workspaceRoot } from './infra/database/migrate';

// The lint rules of docs/decisions/0060-feature-boundaries.md, as eslint.config.mjs sets them, on
// imports and file names that break them and ones that keep them. Only the blocks of those rules
// run: the config's typed rules would need a TypeScript program for these made-up files.
const LAYOUT_RULES = ['no-restricted-imports', 'check-file/filename-naming-convention', 'check-file/folder-naming-convention'];
const root = workspaceRoot();
let blocks: Linter.Config[];
const linter = new Linter({ cwd: root });

beforeAll(async () => {
  const config = ((await import(pathToFileURL(join(root, 'eslint.config.mjs')).href)) as { default: Linter.Config[] }).default;
  blocks = config.filter((block) => LAYOUT_RULES.some((rule) => block.rules?.[rule] !== undefined));
});

/** The rules that report on `code` as the file at `path` (relative to the repository). */
function reported(path: string, code = ''): string[] {
  const parser = { files: ['**/*.ts', '**/*.tsx', '**/*.mts'], languageOptions: { parser: tseslint.parser } } as Linter.Config;
  return linter.verify(code, [parser, ...blocks], { filename: join(root, path) }).map((message) => message.ruleId ?? message.message);
}

describe('feature boundaries in the API', () => {
  it('finds the rule in the config, for files at every depth', () => {
    expect(blocks.filter((block) => block.rules?.['no-restricted-imports']).length).toBeGreaterThanOrEqual(6);
  });

  it.each([
    ['a sub-folder of another feature', 'apps/api/src/tenant-ad/tenant-ad.service.ts', "import { LOGIN_BUCKETS } from '../accounts/throttles/account-throttles';"],
    ['a root file of another feature that is no module or service', 'apps/api/src/tenant-ad/tenant-ad.service.ts', "import { unprocessable } from '../accounts/parse-body';"],
    ['a type only', 'apps/api/src/boligagent/boligagent.service.ts', "import type { CarriedSession } from '../accounts/sessions/language-handoff.service';"],
    ['a re-export', 'apps/api/src/events/events.service.ts', "export { ProfileService } from '../accounts/profile/profile.service';"],
    ['from a sub-folder', 'apps/api/src/subscriptions/unsubscribe/unsubscribe.service.ts', "import { LogoutService } from '../../accounts/sessions/logout.service';"],
    ['from three folders down', 'apps/api/src/dwellings/list/filters/price.ts', "import { x } from '../../../accounts/auth/auth.controller';"],
    ['shared code importing a feature', 'apps/api/src/common/api-exception.filter.ts', "import type { WebAppServer } from '../web/web-app';"],
    ["another feature's list code", 'apps/api/src/favourites/favourites.service.ts', "import { toListItem } from '../dwellings/list/list-items';"],
    ["shared code importing even a feature's service", 'apps/api/src/infra/mail/mail.service.ts', "import { AccountsService } from '../../accounts/accounts.service';"],
  ])('refuses %s', (_what, path, code) => {
    expect(reported(path, code)).toEqual(['no-restricted-imports']);
  });

  it.each([
    ["another feature's module", 'apps/api/src/tenant-ad/tenant-ad.module.ts', "import { SubscriptionsModule } from '../subscriptions/subscriptions.module';"],
    ["another feature's root service", 'apps/api/src/subscriptions/unsubscribe/unsubscribe.service.ts', "import { AccountTokensService } from '../../accounts/account-tokens.service';"],
    ['shared code', 'apps/api/src/events/events.service.ts', "import { RateLimitService } from '../common/rate-limit/rate-limit.service';\nimport { Clock } from '../infra/clock/clock';"],
    ["the feature's own sub-folders", 'apps/api/src/subscriptions/sync/subscription-sync.service.ts', "import { PaymentGateway } from '../gateway/payment-gateway';\nimport { SubscriptionsModule } from '../subscriptions.module';"],
    ['shared code importing shared code', 'apps/api/src/common/rate-limit/rate-limit.service.ts', "import { PrismaService } from '../../infra/prisma/prisma.service';"],
    ["a test reaching another feature's internals", 'apps/api/src/subscriptions/sync/account-deletion.e2e-spec.ts', "import { UserDataService } from '../../accounts/profile/user-data.service';"],
    ["an entry point composing features' internals", 'apps/api/src/cli/import-dwellings.command.ts', "import { importDwellings } from '../dwellings/import/dwelling-importer';"],
  ])('lets through %s', (_what, path, code) => {
    expect(reported(path, code)).toEqual([]);
  });
});

describe('kebab-case file names', () => {
  it.each([
    ['apps/web/src/features/boligagent/BoligagentModal.tsx', 'check-file/filename-naming-convention'],
    ['libs/domain/src/citySlug.ts', 'check-file/filename-naming-convention'],
    ['apps/api/src/accounts/auth/social_login.service.ts', 'check-file/filename-naming-convention'],
    ['apps/web/src/features/tenantAd/editor.tsx', 'check-file/folder-naming-convention'],
  ])('refuses %s', (path, rule) => {
    expect(reported(path)).toEqual([rule]);
  });

  it.each(['apps/api/src/accounts/auth/auth.controller.ts', 'apps/api/src/accounts/sessions/logout.e2e-spec.ts', 'apps/web/src/vite-env.d.ts', 'libs/domain/src/city-slug.ts', 'tools/longest-first-sequencer.mts'])(
    'lets through %s',
    (path) => {
      expect(reported(path)).toEqual([]);
    },
  );
});
