/**
 * Typed dates and times as the spec shows them (part 1 §9: "24-hour pickers;
 * date picker format dd/MM/yyyy"), whatever the device's locale: a native
 * `<input type="date">` follows the device (an English phone shows mm/dd/yyyy
 * and AM/PM), so the date inputs are text with this mask and the native picker
 * only as an aid. The value handed to forms stays the native inputs' own
 * format ('yyyy-MM-dd', 'yyyy-MM-ddTHH:mm', 'HH:mm', local time), so the forms'
 * rules and payloads do not change. Pure: tested in Node.
 */

export type DateEntryKind = 'date' | 'datetime' | 'time';

/** Where the separators go, after how many digits (dd/MM/yyyy HH:mm). */
const LAYOUT: Record<DateEntryKind, { digits: number; separators: Record<number, string> }> = {
  date: { digits: 8, separators: { 2: '/', 4: '/' } },
  datetime: { digits: 12, separators: { 2: '/', 4: '/', 8: ' ', 10: ':' } },
  time: { digits: 4, separators: { 2: ':' } },
};

/** What the empty field shows, in French: jour, mois, année, heure, minute. */
export const DATE_ENTRY_PLACEHOLDER: Record<DateEntryKind, string> = {
  date: 'jj/mm/aaaa',
  datetime: 'jj/mm/aaaa hh:mm',
  time: 'hh:mm',
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/**
 * The text as typed, reduced to its digits and laid out: a separator is added
 * only before a digit that follows it, so erasing one is never undone; a
 * pasted ISO value ('2026-11-20', '2026-11-20T08:45') is turned around.
 */
export function maskDateEntry(kind: DateEntryKind, raw: string): string {
  const iso = kind !== 'time' ? ISO.exec(raw.trim()) : null;
  if (iso) return formatDateEntry(kind, `${iso[1]}-${iso[2]}-${iso[3]}${iso[4] ? `T${iso[4]}:${iso[5]}` : ''}`);
  const { digits, separators } = LAYOUT[kind];
  const only = raw.replace(/\D/g, '').slice(0, digits);
  let out = '';
  for (let i = 0; i < only.length; i++) out += (i > 0 ? (separators[i] ?? '') : '') + only[i];
  return out;
}

/** How many characters of the masked text hold the first `count` digits (to keep the caret after the same digit). */
export function caretAfterDigits(masked: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) if (/\d/.test(masked[i]!) && ++seen === count) return i + 1;
  return masked.length;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const validTime = (hour: number, minute: number) => hour <= 23 && minute <= 59;

/**
 * The complete, real date or time the text says, in the native inputs'
 * format; null when it is incomplete or impossible (31/02, 24:00).
 */
export function parseDateEntry(kind: DateEntryKind, text: string): string | null {
  const t = text.trim();
  if (kind === 'time') {
    const m = /^(\d{2}):(\d{2})$/.exec(t);
    return m && validTime(+m[1]!, +m[2]!) ? `${m[1]}:${m[2]}` : null;
  }
  const m = kind === 'date' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t) : /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(t);
  if (!m) return null;
  const [day, month, year] = [+m[1]!, +m[2]!, +m[3]!];
  if (year < 1000 || !validDay(year, month, day)) return null;
  const date = `${m[3]}-${pad(month)}-${pad(day)}`;
  if (kind === 'date') return date;
  return validTime(+m[4]!, +m[5]!) ? `${date}T${m[4]}:${m[5]}` : null;
}

/** A native-format value as the field shows it (dd/MM/yyyy, HH:mm); '' or an unreadable value gives ''. */
export function formatDateEntry(kind: DateEntryKind, value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  if (kind === 'time') {
    const m = /^(\d{2}):(\d{2})/.exec(v);
    return m ? `${m[1]}:${m[2]}` : '';
  }
  const m = ISO.exec(v);
  if (!m) return '';
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  if (kind === 'date') return date;
  return `${date} ${m[4] ?? '00'}:${m[5] ?? '00'}`;
}
