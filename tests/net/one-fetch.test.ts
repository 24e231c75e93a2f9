// Every upstream request of the server goes through the guarded fetch: no
// server module but server/net/safe-fetch.ts opens an outgoing HTTP request
// or socket (fetch, http(s).request/get, net/tls.connect, HTTP client packages).
// A new upstream fetch written around it fails here.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const guarded = path.join('server', 'net', 'safe-fetch.ts');
/**
 * Not upstream requests: the import command calls this product's own running server (the address its
 * PGlite lock records, on this machine) with the operator token, never a host a catalogue or a client names.
 */
const ownServerCalls = [path.join('server', 'services', 'catalogue', 'import', 'through-server.ts')];

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(rel);
    return /\.(ts|mts|js|mjs)$/.test(e.name) ? [rel] : [];
  });
}

/** The code without comments (string contents may still hold the words: none do today). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const outgoing = [
  /\bfetch\s*\(/,
  /\bhttps?\s*\.\s*(request|get)\s*\(/,
  /\b(request|get)\s*\(\s*\{[^}]*\bhostname\b/,
  /\b(net|tls)\s*\.\s*(connect|createConnection)\s*\(/,
  /import\s+(?!type\b)[^;]*from\s+['"](node:)?(net|tls)['"]/, // types (AddressInfo) are fine
  /from\s+['"](undici|axios|got|node-fetch|ky|superagent)['"]/,
  /new\s+WebSocket\s*\(/,
];

describe('one guarded upstream fetch', () => {
  it('no server module but safe-fetch.ts makes an outgoing request', () => {
    const offenders: string[] = [];
    for (const file of sources('server')) {
      if (file === guarded || ownServerCalls.includes(file)) continue;
      const text = code(readFileSync(path.join(root, file), 'utf8'));
      for (const pattern of outgoing) if (pattern.test(text)) offenders.push(`${file}: ${pattern}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the scan would see one', () => {
    expect(outgoing.some((p) => p.test(code('const r = await fetch(url, { redirect: "follow" });')))).toBe(true);
    expect(outgoing.some((p) => p.test(code("import { request } from 'undici';")))).toBe(true);
    expect(outgoing.some((p) => p.test(code('http.get(url, cb)')))).toBe(true);
    expect(outgoing.some((p) => p.test(code("import { connect } from 'node:net';")))).toBe(true);
    expect(outgoing.some((p) => p.test(code("import type { AddressInfo } from 'node:net';")))).toBe(false);
    expect(outgoing.some((p) => p.test(code('// fetch(url) in a comment')))).toBe(false);
  });
});
