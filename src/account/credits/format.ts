// Credit amounts as "999", "1.2k", "3.4w" (w = 10000) and money as "BRL n"
// (spec 2 §2.6). One decimal, cut rather than rounded, so a balance never
// reads higher than it is.

import { creditsConfig } from './config';

export function formatCredits(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const n = Math.trunc(value);
  if (n < 0) return `-${formatCredits(-n)}`;
  const { thousand, tenThousand } = creditsConfig;
  if (n < thousand) return String(n);
  const [unit, suffix] = n < tenThousand ? [thousand, 'k'] : [tenThousand, 'w'];
  const tenths = Math.floor(n / (unit / 10));
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}${suffix}`;
}

/** "BRL 25" or "BRL 19.90". */
export function formatBrl(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  return `${creditsConfig.currency} ${Number.isInteger(value) ? value : value.toFixed(2)}`;
}
