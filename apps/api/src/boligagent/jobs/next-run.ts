/**
 * The next moment after `now` when the wall clock in `timeZone` reads hour:00, e.g. 06:00
 * Europe/Copenhagen, across summer-time changes. Used by the in-process scheduler (BullMQ's job
 * scheduler does the same with its cron pattern and tz when Redis is there).
 */
export function nextDailyRun(now: Date, hour: number, timeZone: string): Date {
  const parts = (at: Date) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(at)
        .filter((x) => x.type !== 'literal')
        .map((x) => [x.type, Number(x.value)]),
    ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
    return p;
  };
  // The zone's offset at an instant: its wall clock read as if it were UTC, minus the instant.
  const offsetAt = (at: Date) => {
    const p = parts(at);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
  };
  const today = parts(now);
  for (let addDays = 0; addDays < 3; addDays++) {
    const wall = Date.UTC(today.year, today.month - 1, today.day + addDays, hour, 0, 0);
    // Two passes settle the offset when the guess straddles a summer-time change.
    let at = wall - offsetAt(new Date(wall));
    at = wall - offsetAt(new Date(at));
    if (at > now.getTime()) return new Date(at);
  }
  throw new Error(`No ${hour}:00 in ${timeZone} after ${now.toISOString()}`);
}
