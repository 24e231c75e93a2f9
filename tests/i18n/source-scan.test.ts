import { describe, expect, it } from 'vitest';
import { scanSource } from './support/source-scan';

describe('scanSource', () => {
  it('reads quoted strings with escapes and plain templates', () => {
    const { strings } = scanSource(`const a = 'it\\'s'; const b = "say \\"hi\\""; const c = \`plain\`;`);
    expect(strings).toEqual(["it's", 'say "hi"', 'plain']);
  });

  it('skips line and block comments, and keeps them out of code', () => {
    const scanned = scanSource("// 'feed:a'\n/* 'feed:b' */ const x = 'feed:c'; // useTranslation('x')");
    expect(scanned.strings).toEqual(['feed:c']);
    expect(scanned.code).not.toContain('useTranslation');
  });

  it('does not read quotes inside regular expressions as strings, but division is division', () => {
    const { strings } = scanSource(`const re = /['"]+/g; const half = a / 2; const s = 'after'; if (/\\/'/.test(x)) y = 'last';`);
    expect(strings).toEqual(['after', 'last']);
  });

  it('template heads with substitutions; strings inside substitutions are still read', () => {
    const { strings, templateHeads } = scanSource("const k = `tabs.${cond ? 'a' : `x${y}`}.end`; const z = 'tail';");
    expect(templateHeads).toEqual(['tabs.', 'x']);
    expect(strings).toEqual(['a', 'tail']);
  });

  it('object braces inside a substitution do not end it', () => {
    const { strings } = scanSource("const k = `${fn({ a: 1 })}`; const after = 'seen';");
    expect(strings).toEqual(['seen']);
  });
});
