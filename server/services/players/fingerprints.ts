// The device samples kept per player (spec 1 §3 device identity record): the
// newest last, one entry per distinct fingerprint, at most `max` of them.

export interface DeviceSample {
  fingerprint: string;
  device_id?: string;
  identity_id?: string;
  user_agent?: string;
  timezone?: string;
  screen_resolution?: string;
  color_depth?: number;
  language?: string;
  first_seen_at: string;
  last_seen_at: string;
  seen_count: number;
}

/** How a key made of device data begins (a page's fingerprint never does: fp_ + hex). */
export const madeUpKeyPrefix = 'ua|';

/** The sample's fingerprint, or one made of its device data when the client sent none. */
export function sampleKey(s: Omit<DeviceSample, 'fingerprint' | 'first_seen_at' | 'last_seen_at' | 'seen_count'> & { fingerprint?: string }): string {
  return s.fingerprint || [madeUpKeyPrefix.slice(0, -1), s.user_agent ?? '', s.timezone ?? '', s.screen_resolution ?? '', s.color_depth ?? '', s.language ?? ''].join('|');
}

/** Reads a stored list defensively: the column is JSON, so anything unexpected is dropped. */
export function readSamples(stored: unknown): DeviceSample[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter((e): e is DeviceSample => typeof e === 'object' && e !== null && typeof (e as DeviceSample).fingerprint === 'string');
}

export function mergeSample(list: DeviceSample[], sample: Omit<DeviceSample, 'first_seen_at' | 'last_seen_at' | 'seen_count'>, at: Date, max: number): DeviceSample[] {
  const iso = at.toISOString();
  const old = list.find((e) => e.fingerprint === sample.fingerprint);
  // Fields a later sample leaves out keep their earlier values.
  const merged: DeviceSample = { ...old, ...sample, first_seen_at: old?.first_seen_at ?? iso, last_seen_at: iso, seen_count: (old?.seen_count ?? 0) + 1 };
  const rest = list.filter((e) => e.fingerprint !== sample.fingerprint);
  return [...rest, merged].slice(-max);
}

export interface DeviceFields {
  device_id?: string;
  identity_id?: string;
  browser_fingerprint?: string;
  user_agent?: string;
  timezone?: string;
  screen_resolution?: string;
  color_depth?: number;
  language?: string;
}

/** The sample for a request's device fields (absent fields are left out). */
export function toSample(f: DeviceFields): Omit<DeviceSample, 'first_seen_at' | 'last_seen_at' | 'seen_count'> {
  const fields = {
    device_id: f.device_id,
    identity_id: f.identity_id,
    user_agent: f.user_agent,
    timezone: f.timezone,
    screen_resolution: f.screen_resolution,
    color_depth: f.color_depth,
    language: f.language,
  };
  const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));
  return { ...present, fingerprint: sampleKey({ ...fields, fingerprint: f.browser_fingerprint }) };
}
