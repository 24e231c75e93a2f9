// The points day: daily counters and the check-in reset at a wall-clock hour in
// the product's time zone (06:00 America/Sao_Paulo), not at UTC midnight.

export interface DayRule {
  timeZone: string;
  resetHour: number;
}

export interface PointsDay {
  /** 'YYYY-MM-DD' of the local date the day started on. */
  day: string;
  /** The instant the next points day starts. */
  nextReset: Date;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** formatToParts is slow and a busy server asks the same second many times: the last answer is kept. */
let lastWall: { timeZone: string; second: number; wall: Wall } | null = null;

function wallTime(at: Date, timeZone: string): Wall {
  const second = Math.floor(at.getTime() / 1000);
  if (lastWall && lastWall.second === second && lastWall.timeZone === timeZone) return lastWall.wall;
  const wall = Object.freeze(computeWallTime(at, timeZone));
  lastWall = { timeZone, second, wall };
  return wall;
}

function computeWallTime(at: Date, timeZone: string): Wall {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: +parts.year, month: +parts.month, day: +parts.day, hour: +parts.hour, minute: +parts.minute, second: +parts.second };
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const w = wallTime(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a local wall-clock time occurs (offset re-checked once for zones with DST). */
function zonedToUtc(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  let guess = asUtc - zoneOffsetMs(new Date(asUtc), timeZone);
  guess = asUtc - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

const pad = (n: number) => String(n).padStart(2, '0');

export function pointsDay(now: Date, rule: DayRule): PointsDay {
  const w = wallTime(now, rule.timeZone);
  // Before the reset hour the previous local date's points day is still running.
  const start = new Date(Date.UTC(w.year, w.month - 1, w.day - (w.hour < rule.resetHour ? 1 : 0)));
  const next = new Date(start.getTime() + 86_400_000);
  return {
    day: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`,
    nextReset: zonedToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), rule.resetHour, rule.timeZone),
  };
}

/** 'YYYY-Www': the ISO week (Monday first) of a points day key; the points week of weekly tasks. */
export function pointsWeek(now: Date, rule: DayRule): string {
  const [y, m, d] = pointsDay(now, rule).day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  // The week belongs to the year of its Thursday.
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${pad(week)}`;
}
