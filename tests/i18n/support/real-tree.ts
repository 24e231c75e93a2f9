// The real locale packs and app sources, read from disk for the pack checks.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Pack, Packs, Source } from './pack-check';

export const srcRoot = join(import.meta.dirname, '../../../src');
export const localesRoot = join(srcRoot, 'i18n/locales');

export function readPacks(root: string = localesRoot): Packs {
  const packs: Packs = {};
  for (const lang of readdirSync(root)) {
    if (!statSync(join(root, lang)).isDirectory()) continue;
    packs[lang] = {};
    for (const file of readdirSync(join(root, lang))) {
      if (file.endsWith('.json')) packs[lang][file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as Pack;
    }
  }
  return packs;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === localesRoot ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export function readSources(root: string = srcRoot): Source[] {
  return sourceFiles(root).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
}
