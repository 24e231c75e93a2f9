// The full-screen sheets that open over any page without changing the route
// (credits, help, diagnostics): one open at a time, opening another replaces it.

import { proxy } from 'valtio';

export const SheetName = {
  Credits: 'credits',
  Help: 'help',
  Diagnostics: 'diagnostics',
} as const;
export type SheetName = (typeof SheetName)[keyof typeof SheetName];

export const SHEET_NAMES: readonly SheetName[] = Object.values(SheetName);

export function isSheetName(value: unknown): value is SheetName {
  return typeof value === 'string' && (SHEET_NAMES as readonly string[]).includes(value);
}

export const sheetsState = proxy<{ open: SheetName | null }>({ open: null });

export function openSheet(name: SheetName): void {
  sheetsState.open = name;
}

export function closeSheet(): void {
  sheetsState.open = null;
}
