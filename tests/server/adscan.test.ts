import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AdscanErrorCode, formatErrorLine, formatScanLine, lineFor, readError } from '../../server/bin/adscan-format';
import { cleanPlaylist } from '../../workers/core/index';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('adscan format', () => {
  it('prints file, segments, adSegments in that order', () => {
    expect(formatScanLine('a b/x.m3u8', 35, [3, 4, 5])).toBe('{"file": "a b/x.m3u8", "segments": 35, "adSegments": [3, 4, 5]}');
    expect(formatScanLine('x.m3u8', 0, [])).toBe('{"file": "x.m3u8", "segments": 0, "adSegments": []}');
    expect(Object.keys(JSON.parse(formatScanLine('x', 1, [0])) as object)).toEqual(['file', 'segments', 'adSegments']);
  });

  it('prints errors as {file, error: {code, message}}', () => {
    const line = formatErrorLine('bad.m3u8', { code: 'MISSING_HEADER', message: 'no #EXTM3U' });
    expect(line).toBe('{"file": "bad.m3u8", "error": {"code": "MISSING_HEADER", "message": "no #EXTM3U"}}');
  });

  it('turns an engine error into a failed error line, a result into a scan line', () => {
    expect(lineFor('m.m3u8', { segmentCount: 0, adSegments: [], error: { code: 'NO_SEGMENTS', message: 'master' } })).toEqual({
      line: '{"file": "m.m3u8", "error": {"code": "NO_SEGMENTS", "message": "master"}}',
      failed: true,
    });
    expect(lineFor('a.m3u8', { segmentCount: 4, adSegments: [1, 2] })).toEqual({ line: '{"file": "a.m3u8", "segments": 4, "adSegments": [1, 2]}', failed: false });
  });

  it('maps read failures to READ_FAILED with the errno in the message', () => {
    const e = Object.assign(new Error("no such file or directory, open 'x'"), { code: 'ENOENT' });
    expect(readError(e)).toEqual({ code: AdscanErrorCode.ReadFailed, message: "ENOENT: no such file or directory, open 'x'" });
    const e2 = Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: 'ENOENT' });
    expect(readError(e2).message).toBe("ENOENT: no such file or directory, open 'x'");
  });
});

describe('adscan CLI', () => {
  const files = ['tests/fixtures/ads/real/orestonce_m3u8d_m3u8Sample3_adjump.m3u8', 'tests/fixtures/ads/real/kvideo_duplicate_signature_synthetic.m3u8'];
  const expected = (file: string): string => {
    const r = cleanPlaylist(readFileSync(path.join(root, file), 'utf8'), pathToFileURL(path.join(root, file)).href);
    return formatScanLine(file, r.segmentCount, r.adSegments);
  };

  it('prints one JSON line per file, paths as given, exit 0', () => {
    const run = spawnSync('npx', ['tsx', 'server/bin/adscan.ts', ...files], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split('\n').filter((l) => l !== '');
    expect(lines).toEqual(files.map(expected));
    expect((JSON.parse(lines[0]) as { segments: number }).segments).toBe(35);
    expect(run.stdout.endsWith('\n')).toBe(true);
  }, 60_000);

  it('goes on after an unreadable or unparsable file and exits 1', () => {
    const run = spawnSync('npx', ['tsx', 'server/bin/adscan.ts', 'no/such/file.m3u8', 'package.json', files[1]], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ file: 'no/such/file.m3u8', error: { code: AdscanErrorCode.ReadFailed } });
    expect(Object.keys(lines[1])).toEqual(['file', 'error']);
    expect(lines[1]).toMatchObject({ file: 'package.json', error: { code: expect.any(String), message: expect.any(String) } });
    expect(run.stdout.split('\n')[2]).toBe(expected(files[1]));
  }, 60_000);
});
