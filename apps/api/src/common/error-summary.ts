/**
 * One short line that says what went wrong, for records people read (feed imports, boligagent runs,
 * warnings): no stack, no code frame. Prisma puts its call site and a code frame first and the
 * database's own words last, so of a Prisma error the last line is kept, of any other the first.
 */
export function errorSummary(error: unknown, max = 300): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split('\n').map((line) => line.trim()).filter(Boolean);
  const prisma = error instanceof Error && error.name.startsWith('PrismaClient');
  const line = (prisma ? lines.at(-1) : lines[0]) ?? (error instanceof Error ? error.name : 'unknown error');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
