import { ConsoleLogger, type LogLevel } from '@nestjs/common';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Structured logs: one JSON object a line in production, readable text for a developer's terminal. */
export const createLogger = (service: string, level: LogLevel, format: 'json' | 'pretty'): ConsoleLogger =>
  new ConsoleLogger(service, {
    json: format === 'json',
    colors: format === 'pretty',
    logLevels: LEVELS.slice(0, LEVELS.indexOf(level) + 1),
    prefix: service,
  });
