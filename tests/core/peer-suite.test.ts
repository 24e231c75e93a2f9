// The engine judged by other HLS libraries' test suites (tests/fixtures/peer-suite,
// PROVENANCE.md there): the shared judge (check.mts, a copy of
// shared/tools/peer-suite-check.mts) parses and cleans 744 playlists and compares
// with m3u8-parser and hls-parser. Every failure it classes as a defect must be
// one of the two documented below, or this test fails.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = path.join(root, 'tests/fixtures/peer-suite');

interface Failure {
  kind: string;
  cls: string;
  reason: string;
}
interface Result {
  fixture: string;
  failures: Failure[];
}

/**
 * Known and accepted, each with why:
 * - media-playlist-large: grafov's generator repeats one URI (movie10.000.ts) every 10
 *   segments: the cleaner takes the repeats for a pod played several times (the issue
 *   accepts this one).
 * - imports_and_substitutes...: EXT-X-DEFINE references inside quoted attributes
 *   (MAP BYTERANGE="{$init-bytes}", KEYFORMAT="{$fps}") are substituted, as RFC 8216bis
 *   §4.3.1.1 and hls.js do; m3u8-parser (and the judge's own KEY reading) substitute only
 *   in URIs, so they see the unsubstituted text.
 */
const ACCEPTED: Record<string, string[]> = {
  'grafov-m3u8/sample-playlists_media-playlist-large.m3u8': ['false-positive'],
  'hlsjs/inline__m3u8-parser__imports_and_substitutes_variable_references_in_quo.m3u8': ['parse-mismatch', 'reparse'],
};

/**
 * What the issue judges. 'debatable-removal' (a removal that touches a marked break,
 * e.g. ends where a CUE-IN resumes content whose CUE-OUT is out of the window) is
 * reported by the judge, not counted against the cleaner.
 */
const JUDGED = new Set(['exception', 'project-error', 'false-positive', 'reparse', 'parse-mismatch']);

function runJudge(): Result[] {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'peer-suite-')), 'report.json');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, 'check.mts'), dir, '--json', out], {
    cwd: root,
    env: { ...process.env, PROJECT_DIR: root },
    stdio: 'pipe',
  });
  return JSON.parse(readFileSync(out, 'utf8')) as Result[];
}

describe('peer test suites (744 playlists of hls-parser, m3u8-parser, hls.js, grafov/m3u8, hls-splice)', () => {
  it('no exception, and no defect beyond the two documented ones', () => {
    const results = runJudge();
    expect(results.length).toBe(744);
    const defects = results.flatMap((r) =>
      r.failures.filter((f) => JUDGED.has(f.kind) && (f.cls === 'defect' || f.kind === 'exception') && !(ACCEPTED[r.fixture] ?? []).includes(f.kind)).map((f) => `${r.fixture}: ${f.kind}: ${f.reason}`),
    );
    expect(defects).toEqual([]);
    // The accepted ones are still what they were (a change there needs a look).
    for (const [fixture, kinds] of Object.entries(ACCEPTED)) {
      const r = results.find((x) => x.fixture === fixture);
      expect(r?.failures.filter((f) => f.cls === 'defect').map((f) => f.kind).every((k) => kinds.includes(k)), fixture).toBe(true);
    }
  }, 120_000);
});
