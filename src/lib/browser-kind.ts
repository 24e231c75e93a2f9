// Browser family and operating system from the user agent, for the
// diagnostic report and the bookmark instructions. Order matters: Samsung
// Internet and Edge also say Chrome and Safari.

export type BrowserKind = 'samsung' | 'edge' | 'firefox' | 'firefox-android' | 'chrome-android' | 'chrome-ios' | 'safari-ios' | 'chrome' | 'safari' | 'other';

export function detectBrowser(userAgent: string): BrowserKind {
  const ua = userAgent;
  const ios = /iPhone|iPad|iPod/i.test(ua);
  const android = /Android/i.test(ua);
  if (/SamsungBrowser/i.test(ua)) return 'samsung';
  if (/Edg(?:e|A|iOS)?\//.test(ua)) return 'edge';
  // Firefox on iOS is WebKit underneath and bookmarks like Safari.
  if (/FxiOS|Firefox\//.test(ua)) return android ? 'firefox-android' : ios ? 'safari-ios' : 'firefox';
  if (/CriOS/.test(ua)) return 'chrome-ios';
  if (ios) return 'safari-ios';
  if (/Chrome\/|Chromium\//.test(ua)) return android ? 'chrome-android' : 'chrome';
  if (/Safari\//.test(ua)) return 'safari';
  return 'other';
}

/** "Android 13", "iOS 17.2", "Windows", "macOS", "Linux", or "" when unknown. */
export function detectOs(userAgent: string): string {
  const android = /Android (\d+(?:\.\d+)?)/.exec(userAgent);
  if (android) return `Android ${android[1]}`;
  const ios = /(?:iPhone|iPad|iPod)[^)]*? OS (\d+)(?:_(\d+))?/.exec(userAgent);
  if (ios) return `iOS ${ios[1]}${ios[2] ? `.${ios[2]}` : ''}`;
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(userAgent)) return 'macOS';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Linux/.test(userAgent)) return 'Linux';
  return '';
}

/** "Chrome 124", "Firefox 125", "Safari 17", ... or the family alone. */
export function browserVersion(userAgent: string): string {
  const patterns: [RegExp, string][] = [
    [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
    [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+(?:\.\d+)?).*Safari/, 'Safari'],
  ];
  for (const [re, name] of patterns) {
    const m = re.exec(userAgent);
    if (m) return `${name} ${m[1]}`;
  }
  return '';
}
