import { describe, expect, it } from 'vitest';
import { Prisma } from '../infra/prisma/generated/client';
import { errorSummary } from './error-summary';

describe('errorSummary', () => {
  it.each([
    ['the first line of an error', new Error('the feed has 2 problem(s)\nrow 2: rent: required\nrow 3: zip: unknown'), 'the feed has 2 problem(s)'],
    ['a thrown string', 'timeout', 'timeout'],
    ['an error without a message, by its name', new TypeError(''), 'TypeError'],
    ['a long line, cut', new Error('x'.repeat(400)), `${'x'.repeat(299)}…`],
  ])('keeps %s', (_what, error, expected) => {
    expect(errorSummary(error)).toBe(expected);
  });

  it("keeps the database's words of a Prisma error, not its call site and code frame", () => {
    const error = new Prisma.PrismaClientKnownRequestError(
      '\nInvalid `this.prisma.sentMail.createMany()` invocation in\n/app/mail.service.ts:99:34\n\n  98   try {\n→ 99     await this.prisma.sentMail.createMany(\nDatabase `husly` does not exist on the database server',
      { code: 'P1003', clientVersion: '6.19.0' },
    );
    expect(errorSummary(error)).toBe('Database `husly` does not exist on the database server');
  });
});
