import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../adapters/logging/logger';

/** A quiet logger for tests; set TEST_LOG_LEVEL=debug to see what the app logs. */
export const testLogger = createLogger({ name: 'test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * The production logger (same redaction, JSON lines) at `trace`, every line kept: for tests
 * that check what the apps write to their logs, failures included.
 */
export function capturingLogger(level = 'trace'): { logger: Logger; output(): string } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ name: 'captured', level, destination }), output: () => lines.join('') };
}
