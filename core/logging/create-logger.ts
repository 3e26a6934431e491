import { pino, type DestinationStream, type Logger } from 'pino';
import { safeError } from './safe-error.ts';

/**
 * The service's logger: secrets in well-known places redacted, and errors
 * serialized without request values (safe-error.ts). Tests pass a destination
 * to read what would be logged.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { err: safeError, error: safeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
