// A running time in the visitor's language, from seconds: "12 min", "12分钟",
// "12분" (Intl's short minute unit), never a catalogue's own words.

const SECONDS_PER_MINUTE = 60;

/** Whole minutes (at least 1) in the language's own short unit. */
export function runningTime(seconds: number, language: string | undefined): string {
  const minutes = Math.max(1, Math.round(seconds / SECONDS_PER_MINUTE));
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);
}
