import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayIn } from './calendar.ts';

const ZONES = ['UTC', 'America/Sao_Paulo', 'America/St_Johns', 'Europe/London', 'Asia/Kathmandu', 'Australia/Eucla', 'Pacific/Chatham', 'Australia/Lord_Howe'];
const fresh = (tz: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe('dayIn', () => {
  it('answers the zone’s calendar day for any instant, asked in any order, around midnights and clock changes', () => {
    const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2032, 0, 1) });
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, fc.array(fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }), { minLength: 1, maxLength: 40 }), (tz, base, steps) => {
        for (const step of steps) {
          const at = new Date(base + step);
          expect(dayIn(tz, at)).toBe(fresh(tz, at));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('changes day on the millisecond of the zone’s midnight, in a zone 5 h 45 min ahead and on a clock change', () => {
    // Kathmandu (+05:45): 2026-11-28 00:00 local is 2026-11-27 18:15 UTC.
    expect(dayIn('Asia/Kathmandu', new Date(Date.UTC(2026, 10, 27, 18, 14, 59, 999)))).toBe('2026-11-27');
    expect(dayIn('Asia/Kathmandu', new Date(Date.UTC(2026, 10, 27, 18, 15)))).toBe('2026-11-28');
    // Santiago moved its clocks at local midnight (2022-09-11 00:00 -04 became 01:00 -03).
    expect(dayIn('America/Santiago', new Date(Date.UTC(2022, 8, 11, 3, 59, 59, 999)))).toBe('2022-09-10');
    expect(dayIn('America/Santiago', new Date(Date.UTC(2022, 8, 11, 4, 0)))).toBe('2022-09-11');
  });
});
