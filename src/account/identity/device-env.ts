// Device data for init and credential checks (spec 1 §7), read through an
// injected reader so tests and non-browser code supply their own. The page's
// fingerprint digests traits that stay the same across visits of one browser,
// a small canvas drawing among them: a browser that randomises what scripts
// read (a fingerprint spoofer) shows another fingerprint at every reading,
// which the server's three-sample rule refuses (spec 1 §5).

import type { DeviceData } from '../../api/player-api';

export interface DeviceEnvironment extends DeviceData {
  referrer?: string;
  /** navigator.webdriver: the browser is driven by automation. */
  webdriver?: boolean;
}

export type DeviceEnvironmentReader = () => DeviceEnvironment;

/** FNV-1a (32-bit) as 8 hex digits: a stable, short digest of the device traits. */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** A fingerprint from traits that stay the same across visits of one browser. */
export function fingerprintOf(env: Omit<DeviceData, 'browser_fingerprint'>, extra: readonly (string | number | undefined)[] = []): string {
  const traits = [env.user_agent, env.timezone, env.screen_resolution, env.color_depth, env.language, ...extra];
  return `fp_${fnv1a(traits.map((t) => (t === undefined ? '' : String(t))).join('|'))}`;
}

/** A digest of a small canvas drawing (text and a gradient); undefined where there is no 2D canvas. */
function canvasDigest(): string | undefined {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 24;
    const g = canvas.getContext('2d');
    if (!g) return undefined;
    const gradient = g.createLinearGradient(0, 0, 120, 0);
    gradient.addColorStop(0, '#f60');
    gradient.addColorStop(1, '#069');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 120, 24);
    g.fillStyle = '#fff';
    g.font = '14px sans-serif';
    g.fillText('clipfeed ✓ 视频', 4, 17);
    return fnv1a(canvas.toDataURL());
  } catch {
    return undefined;
  }
}

/** The page's reader: navigator, screen, Intl and a canvas drawing; absent values are left out. */
export const browserEnvironment: DeviceEnvironmentReader = () => {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  const scr = typeof screen !== 'undefined' ? screen : undefined;
  let timezone: string | undefined;
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timezone = undefined;
  }
  const base = {
    user_agent: nav?.userAgent,
    timezone,
    screen_resolution: scr ? `${scr.width}x${scr.height}` : undefined,
    color_depth: scr?.colorDepth,
    language: nav?.language,
  };
  return {
    ...base,
    browser_fingerprint: fingerprintOf(base, [nav?.hardwareConcurrency, nav?.maxTouchPoints, nav?.platform, typeof document !== 'undefined' ? canvasDigest() : undefined]),
    referrer: typeof document !== 'undefined' && document.referrer ? document.referrer : undefined,
    webdriver: nav?.webdriver === true,
  };
};
