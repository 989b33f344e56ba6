import { describe, expect, it } from 'vitest';
import { DomainException, fail, isErrorCode, ok, unwrap } from '../../../core/shared/domain-error';
import { addDays, addMonths, formatDateTime, startOfUtcMonth } from '../../../core/shared/time';

describe('domain errors', () => {
  it('are values with a stable code and params', () => {
    expect(fail('SEATS.LIMIT_REACHED', { seats: 10 })).toEqual({
      ok: false,
      error: { code: 'SEATS.LIMIT_REACHED', params: { seats: 10 } },
    });
    expect(isErrorCode('SEATS.LIMIT_REACHED')).toBe(true);
    expect(isErrorCode('NOPE')).toBe(false);
  });

  it('unwrap returns the value or throws the coded error', () => {
    expect(unwrap(ok(3))).toBe(3);
    expect(() => unwrap(fail('USAGE.NO_DATA'))).toThrow(DomainException);
    const thrown = (() => {
      try {
        unwrap(fail('ICON.FILE_TOO_LARGE', { n: 2 }));
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toMatchObject({ code: 'ICON.FILE_TOO_LARGE', params: { n: 2 }, name: 'DomainException' });
  });
});

describe('time helpers', () => {
  it('adds days and calendar months in UTC, clamping the day of month', () => {
    expect(addDays(new Date('2025-02-27T10:00:00Z'), 2)).toEqual(new Date('2025-03-01T10:00:00Z'));
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 1)).toEqual(new Date('2025-02-28T10:00:00Z'));
    expect(addMonths(new Date('2024-03-31T00:00:00Z'), -1)).toEqual(new Date('2024-02-29T00:00:00Z'));
    expect(addMonths(new Date('2025-12-15T00:00:00Z'), 1)).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(startOfUtcMonth(new Date('2025-07-19T23:59:00Z'))).toEqual(new Date('2025-07-01T00:00:00Z'));
  });

  it("shows dates as YYYY-MM-DD HH:mm in the given offset and invalid dates as '---' (spec 5)", () => {
    expect(formatDateTime(new Date('2025-01-31T20:05:00Z'))).toBe('2025-01-31 20:05');
    expect(formatDateTime('2025-01-31T20:05:00Z', 540)).toBe('2025-02-01 05:05');
    expect(formatDateTime(Date.UTC(2025, 0, 1))).toBe('2025-01-01 00:00');
    for (const invalid of [null, undefined, '', 'not a date', Number.NaN, new Date('x')]) {
      expect(formatDateTime(invalid)).toBe('---');
    }
  });
});
