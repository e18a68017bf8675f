import { parseExpression } from 'cron-parser';

/**
 * The next moment after `now` that the cron `pattern` names on the wall clock in `timeZone`, e.g.
 * 06:00 Europe/Copenhagen, across summer-time changes. Used by the in-process scheduler; read with
 * the cron-parser that BullMQ's job scheduler reads the same pattern and tz with when Redis is there,
 * so both schedules agree.
 */
export function nextRun(pattern: string, timeZone: string, now: Date): Date {
  return parseExpression(pattern, { currentDate: now, tz: timeZone }).next().toDate();
}
