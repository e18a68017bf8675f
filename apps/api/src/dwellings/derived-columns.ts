import { deriveDwellingColumns, type DwellingDerivationInput } from '@husly/domain';

/**
 * The derived search columns of a dwelling as Prisma writes them (docs/decisions/0013): the one rule
 * (deriveDwellingColumns) for the feed import, the seed and the tests' factories. `listedAt` is when
 * the dwelling is listed ("Snarest" becomes that day; an until-date counts months from it).
 */
export function derivedColumnsData(dwelling: DwellingDerivationInput, listedAt: Date) {
  const derived = deriveDwellingColumns(dwelling, listedAt);
  return {
    monthlyCost: derived.monthlyCost,
    moveInCost: derived.moveInCost,
    availableFrom: derived.availableFrom === null ? null : new Date(`${derived.availableFrom}T00:00:00Z`),
    leaseMonths: derived.leaseMonths,
    dwellingType: derived.dwellingType,
  };
}
