import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatDateEntry, maskDateEntry, parseDateEntry } from '../../src/domain/date-entry';

describe('typed dates and times: dd/MM/yyyy and 24 h whatever the locale (spec part 1 §9)', () => {
  it('lays the digits out as they are typed, separators only before a following digit', () => {
    expect(maskDateEntry('date', '2')).toBe('2');
    expect(maskDateEntry('date', '25')).toBe('25');
    expect(maskDateEntry('date', '251')).toBe('25/1');
    expect(maskDateEntry('date', '25112026')).toBe('25/11/2026');
    expect(maskDateEntry('date', '25/11/2026999')).toBe('25/11/2026');
    expect(maskDateEntry('datetime', '251120261430')).toBe('25/11/2026 14:30');
    expect(maskDateEntry('datetime', '25/11/2026 14')).toBe('25/11/2026 14');
    expect(maskDateEntry('time', '0930')).toBe('09:30');
    expect(maskDateEntry('time', '9h30')).toBe('93:0');
    // Typing the separator oneself changes nothing; erasing one is not undone.
    expect(maskDateEntry('date', '25/')).toBe('25');
    expect(maskDateEntry('date', 'ab')).toBe('');
  });

  it('turns a pasted ISO value around', () => {
    expect(maskDateEntry('date', '2026-11-20')).toBe('20/11/2026');
    expect(maskDateEntry('datetime', '2026-11-20T08:45')).toBe('20/11/2026 08:45');
    expect(maskDateEntry('datetime', '2026-11-20')).toBe('20/11/2026 00:00');
  });

  it('reads only complete, real dates and times, in the native inputs’ format', () => {
    expect(parseDateEntry('date', '25/11/2026')).toBe('2026-11-25');
    expect(parseDateEntry('date', '29/02/2028')).toBe('2028-02-29');
    expect(parseDateEntry('date', '29/02/2027')).toBeNull();
    expect(parseDateEntry('date', '31/04/2026')).toBeNull();
    expect(parseDateEntry('date', '00/01/2026')).toBeNull();
    expect(parseDateEntry('date', '12/13/2026')).toBeNull();
    expect(parseDateEntry('date', '25/11/26')).toBeNull();
    expect(parseDateEntry('date', '')).toBeNull();
    expect(parseDateEntry('datetime', '25/11/2026 14:30')).toBe('2026-11-25T14:30');
    expect(parseDateEntry('datetime', '25/11/2026 00:00')).toBe('2026-11-25T00:00');
    expect(parseDateEntry('datetime', '25/11/2026 24:00')).toBeNull();
    expect(parseDateEntry('datetime', '25/11/2026 12:60')).toBeNull();
    expect(parseDateEntry('datetime', '25/11/2026 14')).toBeNull();
    expect(parseDateEntry('time', '23:59')).toBe('23:59');
    expect(parseDateEntry('time', '24:00')).toBeNull();
    expect(parseDateEntry('time', '9:30')).toBeNull();
  });

  it('shows a stored value as dd/MM/yyyy and HH:mm, and round-trips', () => {
    expect(formatDateEntry('date', '2026-11-25')).toBe('25/11/2026');
    expect(formatDateEntry('datetime', '2026-11-25T14:30')).toBe('25/11/2026 14:30');
    expect(formatDateEntry('time', '14:30')).toBe('14:30');
    expect(formatDateEntry('time', '14:30:15')).toBe('14:30');
    expect(formatDateEntry('date', '')).toBe('');
    expect(formatDateEntry('date', 'demain')).toBe('');
    for (const [kind, value] of [
      ['date', '2026-01-05'],
      ['datetime', '2026-12-31T23:59'],
      ['time', '00:05'],
    ] as const)
      expect(parseDateEntry(kind, formatDateEntry(kind, value))).toBe(value);
  });

  it('keeps the caret after the same digit once the text is laid out again', () => {
    expect(caretAfterDigits('25/11/2026', 2)).toBe(2);
    expect(caretAfterDigits('25/11/2026', 3)).toBe(4);
    expect(caretAfterDigits('25/11/2026', 8)).toBe(10);
    expect(caretAfterDigits('25/1', 0)).toBe(0);
  });
});
