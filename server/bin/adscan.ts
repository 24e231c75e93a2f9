// Prints the ad segments of HLS media playlists, one JSON line per file:
//   npm run --silent adscan -- a.m3u8 b.m3u8
// {"file":"a.m3u8","segments":35,"adSegments":[3,4,5]}
// Relative URIs resolve against file://<absolute path>. An unreadable or
// unparsable file prints {"file","error":{code,message}} and the scan goes on;
// the exit code is 1 when any file failed, 0 otherwise, 2 without arguments.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cleanPlaylist } from '../../workers/core/index';
import { formatErrorLine, internalError, lineFor, readError } from './adscan-format';

function main(argv: readonly string[]): number {
  const files = argv[0] === '--' ? argv.slice(1) : [...argv];
  if (files.length === 0) {
    process.stderr.write('usage: npm run --silent adscan -- FILE...\n');
    return 2;
  }
  let failed = false;
  const out: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      out.push(formatErrorLine(file, readError(e)));
      failed = true;
      continue;
    }
    try {
      const r = lineFor(file, cleanPlaylist(text, pathToFileURL(path.resolve(file)).href));
      out.push(r.line);
      failed ||= r.failed;
    } catch (e) {
      out.push(formatErrorLine(file, internalError(e)));
      failed = true;
    }
    // Flush in chunks so a long scan streams without building one huge string.
    if (out.length >= 256) process.stdout.write(`${out.splice(0).join('\n')}\n`);
  }
  if (out.length > 0) process.stdout.write(`${out.join('\n')}\n`);
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
