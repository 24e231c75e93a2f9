// The README's layout block is the map of the code (issue 14): every folder it
// names exists, and every folder of src/, workers/ and server/ down to two
// levels is named in it, so the map cannot drift from the tree unnoticed.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const MAPPED_ROOTS = ['src', 'workers', 'server'];
const DEPTH = 2;

/** Folders named in the fenced block under "## Layout": an indented entry is inside the nearest less-indented one. */
function foldersNamed(readme: string): string[] {
  const section = readme.split(/^## Layout$/m)[1] ?? '';
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const stack: Array<{ indent: number; dir: string }> = [];
  const named: string[] = [];
  for (const line of block.split('\n')) {
    const m = /^( *)([\w.-]+(?:\/[\w.-]+)*\/)(?=\s|$)/.exec(line);
    if (!m) continue;
    const indent = m[1].length;
    while (stack.length > 0 && stack[stack.length - 1].indent >= indent) stack.pop();
    const dir = (stack.length > 0 ? stack[stack.length - 1].dir : '') + m[2];
    stack.push({ indent, dir });
    named.push(dir.replace(/\/$/, ''));
  }
  return named;
}

function foldersIn(dir: string, depth: number): string[] {
  if (depth === 0) return [];
  return readdirSync(path.join(root, dir))
    .filter((name) => statSync(path.join(root, dir, name)).isDirectory())
    .flatMap((name) => [`${dir}/${name}`, ...foldersIn(`${dir}/${name}`, depth - 1)]);
}

const named = foldersNamed(readFileSync(path.join(root, 'README.md'), 'utf8'));

describe("README's layout block", () => {
  it('reads nested entries as paths', () => {
    expect(foldersNamed('## Layout\n\n```\nsrc/   x\n  feed/   y\n    slides/  z\n  more text\n  ui/\nserver/\n```\n')).toEqual(['src', 'src/feed', 'src/feed/slides', 'src/ui', 'server']);
    expect(named.length).toBeGreaterThan(40);
  });

  it('names only folders that exist', () => {
    const missing = named.filter((dir) => {
      try {
        return !statSync(path.join(root, dir)).isDirectory();
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it(`names every folder of ${MAPPED_ROOTS.join('/, ')}/ down to ${DEPTH} levels`, () => {
    const unnamed = MAPPED_ROOTS.flatMap((r) => foldersIn(r, DEPTH)).filter((dir) => !named.includes(dir));
    expect(unnamed).toEqual([]);
  });
});
