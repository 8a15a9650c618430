import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { currentCorrelationId } from './correlation';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Every line written while handling a request names its correlation id, so one grep follows it through every hop. */
class CorrelatedLogger extends ConsoleLogger {
  protected override getJsonLogObject(message: unknown, options: Parameters<ConsoleLogger['getJsonLogObject']>[1]): ReturnType<ConsoleLogger['getJsonLogObject']> {
    const line = super.getJsonLogObject(message, options);
    const correlationId = currentCorrelationId();
    return correlationId ? Object.assign(line, { correlationId }) : line;
  }

  protected override formatContext(context: string): string {
    const correlationId = currentCorrelationId();
    return super.formatContext(correlationId ? `${context} ${correlationId.slice(0, 8)}` : context);
  }
}

/** Structured logs: one JSON object a line in production, readable text for a developer's terminal. */
export const createLogger = (service: string, level: LogLevel, format: 'json' | 'pretty'): ConsoleLogger =>
  new CorrelatedLogger(service, {
    json: format === 'json',
    colors: format === 'pretty',
    logLevels: LEVELS.slice(0, LEVELS.indexOf(level) + 1),
    prefix: service,
  });
