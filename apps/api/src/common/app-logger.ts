import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
// Nest's start-up chatter (one line per module and route) only at debug: the start banner says what matters.
const BOOT_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

export class AppLogger extends ConsoleLogger {
  private readonly showBoot: boolean;

  constructor(level: AppConfig['logLevel']) {
    super({ logLevels: levelsUpTo(level) });
    this.showBoot = level === 'debug' || level === 'trace';
  }

  override log(message: unknown, context?: string): void {
    if (!this.showBoot && context && BOOT_CONTEXTS.has(context)) return;
    super.log(message, context);
  }
}

function levelsUpTo(level: AppConfig['logLevel']): LogLevel[] {
  if (level === 'silent') return [];
  const upTo = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5 }[level];
  return LEVELS.slice(0, upTo + 1);
}
