import { randomUUID } from 'node:crypto';
import type { IdGenerator } from '../../core/shared/id-generator.port';

/** Random UUIDs (v4) for new records. */
export class UuidIdGenerator implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
