import { pino, type DestinationStream, type Logger } from 'pino';
import { lineBatch } from './line-batch.ts';
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
  // Standard output through pino's own stream, with the lines of each event-loop turn written together.
  return pino(options, destination ?? lineBatch(pino.destination({ dest: 1, sync: false })));
}
