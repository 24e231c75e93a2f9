// The full-screen sheets that open over any page without changing the route
// (credits, help, diagnostics): one open at a time, opening another replaces it.

import { proxy } from 'valtio';
import { oneOf } from '../lib/one-of';

export const SheetName = {
  Credits: 'credits',
  Help: 'help',
  Diagnostics: 'diagnostics',
} as const;
export type SheetName = (typeof SheetName)[keyof typeof SheetName];

export const SHEET_NAMES: readonly SheetName[] = Object.values(SheetName);

export const isSheetName = oneOf(SHEET_NAMES);

export const sheetsState = proxy<{ open: SheetName | null }>({ open: null });

export function openSheet(name: SheetName): void {
  sheetsState.open = name;
}

export function closeSheet(): void {
  sheetsState.open = null;
}

/** What the sheet host gives each sheet's content (the content is a feature's lazy module). */
export interface SheetContentProps {
  onClose(): void;
}
