// Shared value texts of the checks (full i18n keys, see types.ts CheckValue).

import type { CheckValue } from './types';

export const yes: CheckValue = { key: 'diagnostics:values.yes' };
export const no: CheckValue = { key: 'diagnostics:values.no' };
export const unknown: CheckValue = { key: 'diagnostics:values.unknown' };
export const supported: CheckValue = { key: 'diagnostics:values.supported' };
export const unsupported: CheckValue = { key: 'diagnostics:values.unsupported' };

export const text = (value: string | number): CheckValue => ({ text: String(value) });

/** One decimal at most: 1.5, 3, 0.8. */
export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
