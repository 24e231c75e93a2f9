// Every 'ui:' key used in the code exists in pt-BR and zh, and both packs have
// the same keys (zh has no singular plural form).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../src');
const packs = {
  'pt-BR': JSON.parse(readFileSync(join(root, 'i18n/locales/pt-BR/ui.json'), 'utf8')) as Record<string, unknown>,
  zh: JSON.parse(readFileSync(join(root, 'i18n/locales/zh/ui.json'), 'utf8')) as Record<string, unknown>,
};

function flatten(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const used = new Set<string>();
for (const file of [...sources(join(root, 'ui')), ...sources(join(root, 'shell')), ...sources(join(root, 'notices')), ...sources(join(root, 'feed/swiper')), ...sources(join(root, 'feed/zoom')), ...sources(join(root, 'feed/progress')), ...sources(join(root, 'feed/overlays')), join(root, 'feed/SwipeGuide.tsx')]) {
  for (const m of readFileSync(file, 'utf8').matchAll(/['"]ui:([\w.]+)['"]/g)) used.add(m[1]);
}

describe('ui locale packs', () => {
  it('finds the keys the code uses', () => {
    expect(used.size).toBeGreaterThan(15);
  });

  for (const [lang, pack] of Object.entries(packs)) {
    it(`${lang} has every key the code uses`, () => {
      const keys = new Set(flatten(pack));
      const missing = [...used].filter((k) => !keys.has(k) && !keys.has(`${k}_other`));
      expect(missing).toEqual([]);
    });
  }

  it('pt-BR and zh have the same keys', () => {
    const strip = (keys: string[]) => new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
    expect([...strip(flatten(packs.zh))].sort()).toEqual([...strip(flatten(packs['pt-BR']))].sort());
  });
});
