// Which Chromium to drive (TOOLCHAIN.md): CHROMIUM_PATH, else Debian's
// /usr/bin/chromium, else the one inside @sparticuz/chromium (has H.264).

import { existsSync } from 'node:fs';

export async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return (await import('@sparticuz/chromium')).default.executablePath();
}

export const chromiumArgs = [
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
  // No network beyond loopback: every host name except localhost fails to resolve.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
