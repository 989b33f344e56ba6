import type { Clock } from '../../core/shared/clock.port';

/** The real time, for production wiring (tests use FakeClock). */
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
