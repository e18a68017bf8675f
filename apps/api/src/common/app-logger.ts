import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { currentRequestId } from './request-id';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
// Nest's start-up chatter (one line per module and route) only at debug: the start banner says what matters.
const BOOT_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);
/**
 * Masked wherever they appear in what a log line carries (structured params, logged objects and
 * errors' own properties): credentials, payment details and personal data no log needs.
 */
export const REDACTED_KEYS = ['password', 'passwordHash', 'token', 'accessToken', 'authorization', 'cookie', 'secret', 'cardNumber', 'cvc', 'expiry', 'clientSecret'];

/**
 * Nest's logger in JSON lines (LOG_FORMAT=json, production's default) or text, with the id of the
 * request a line was written for (common/request-id.ts) on every line, and the keys above masked.
 */
export class AppLogger extends ConsoleLogger {
  private readonly showBoot: boolean;

  constructor(level: AppConfig['logLevel'], format: AppConfig['logFormat'] = 'text') {
    super({ logLevels: levelsUpTo(level), json: format === 'json', redact: REDACTED_KEYS });
    this.showBoot = level === 'debug' || level === 'trace';
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (!this.showBoot && typeof context === 'string' && BOOT_CONTEXTS.has(context)) return;
    super.log(message, ...optionalParams);
  }

  protected override getJsonLogObject(message: unknown, options: Parameters<ConsoleLogger['getJsonLogObject']>[1]): ReturnType<ConsoleLogger['getJsonLogObject']> {
    const object = super.getJsonLogObject(message, options);
    const requestId = currentRequestId();
    return requestId ? { ...object, requestId } : object;
  }

  protected override formatContext(context: string): string {
    const requestId = currentRequestId();
    if (!requestId) return super.formatContext(context);
    return super.formatContext(context ? `${context}] [${requestId}` : requestId);
  }
}

function levelsUpTo(level: AppConfig['logLevel']): LogLevel[] {
  if (level === 'silent') return [];
  const upTo = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5 }[level];
  return LEVELS.slice(0, upTo + 1);
}
