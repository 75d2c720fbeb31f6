/**
 * Calendar dates as 'YYYY-MM-DD' strings. "Today" is the current date in Europe/London
 * (docs/behaviour.md, section 1); arithmetic is done on UTC midnights so no time zone shifts a date.
 */

export type IsoDate = string;

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last answer, by UTC minute: London's date changes only on a minute (its offsets are whole hours). */
let lastMinute = Number.NaN;
let lastDate = '';

/** The calendar date in London at the instant `now`. */
export function londonToday(now: Date = new Date()): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDate = londonDate.format(now);
    lastMinute = minute;
  }
  return lastDate;
}

function parts(date: IsoDate): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

function format(y: number, m: number, d: number): IsoDate {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `date` plus `months` calendar months, the day clamped to the last day of the target month. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Whole calendar months from `from` to `to`, counting a month only once its day is reached. */
export function wholeMonthsBetween(from: IsoDate, to: IsoDate): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  let months = (y2 - y1) * 12 + (m2 - m1);
  if (d2 < d1 && d2 < daysInMonth(y2, m2)) months -= 1;
  return months;
}

/** Whole years of age on `on` for someone born on `birth` (29 February birthdays count from 1 March). */
export function ageOn(birth: IsoDate, on: IsoDate): number {
  const [by, bm, bd] = parts(birth);
  const [y, m, d] = parts(on);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}
