// Calendar keys in the visitor's own time zone: daily tasks reset when the
// local date changes, weekly ones when the ISO week (Monday first) changes.

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the local date at `ms`. */
export function localDateKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 'YYYY-Www' of the ISO week a 'YYYY-MM-DD' date belongs to; null for anything else. */
export function isoWeekKey(dateKey: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateKey);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime())) return null;
  // The week belongs to the year of its Thursday.
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${pad(week)}`;
}
