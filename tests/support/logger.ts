import { createLogger } from '../../adapters/logging/logger';

/** A quiet logger for tests; set TEST_LOG_LEVEL=debug to see what the app logs. */
export const testLogger = createLogger({ name: 'test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
