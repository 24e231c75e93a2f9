// MacCMS v10's own answers (tests/fixtures/maccms, copied from
// ../shared/fixtures/maccms; PROVENANCE.md there), read by name: the tests
// that hold our reader and our /api.php/provide/vod/ against them.

import { readFileSync } from 'node:fs';
import path from 'node:path';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/maccms');

/** A fixture's text (JSON or XML), as the source sent it. */
export const maccmsFixture = (name: string): string => readFileSync(path.join(fixtures, name), 'utf8');

/** A JSON fixture, parsed. */
export const maccmsJson = (name: string): Record<string, unknown> => JSON.parse(maccmsFixture(name)) as Record<string, unknown>;
