// The design tokens' text pairs reach WCAG AA (4.5:1; ../shared/UI.md,
// issue 16 point 11), computed from tokens.css itself with the WCAG 2.2
// relative-luminance formula.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(__dirname, '../../src/ui/tokens.css'), 'utf8');

function token(name: string): string {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,6})\\s*;`).exec(css);
  if (!m) throw new Error(`no hex token --${name}`);
  return m[1];
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('token contrast (WCAG AA, 4.5:1 for text)', () => {
  it('the formula: white on black is 21:1, the old accent fails', () => {
    expect(contrast('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrast('#fff', '#ff2d55')).toBeLessThan(4.5);
  });

  const pairs: [string, string][] = [
    ['cf-color-accent-text', 'cf-color-accent'],
    ['cf-color-text', 'cf-color-bg'],
    ['cf-color-text', 'cf-color-surface'],
    ['cf-color-text', 'cf-color-surface-raised'],
    ['cf-color-text-muted', 'cf-color-surface'],
    ['cf-color-text-muted', 'cf-color-surface-raised'],
    ['cf-color-accent-on-dark', 'cf-color-surface'],
    ['cf-color-accent-on-dark', 'cf-color-surface-raised'],
  ];
  for (const [fg, bg] of pairs) {
    it(`${fg} on ${bg}`, () => {
      expect(contrast(token(fg), token(bg))).toBeGreaterThanOrEqual(4.5);
    });
  }
});
