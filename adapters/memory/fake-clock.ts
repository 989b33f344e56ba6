import type { Clock } from '../../core/shared/clock.port';

const DAY_MS = 86_400_000;

/** A clock tests move by hand: time passes only when told to. */
export class FakeClock implements Clock {
  private current: Date;

  constructor(start: Date | string = '2025-01-15T09:00:00.000Z') {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  set(to: Date | string): void {
    this.current = new Date(to);
  }

  advanceMs(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }

  advanceDays(days: number): void {
    this.advanceMs(days * DAY_MS);
  }
}
