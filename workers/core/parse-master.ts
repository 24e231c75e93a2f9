// Master (multivariant) playlists: each #EXT-X-STREAM-INF and the URI line
// after it make one variant.

import { parseAttributes, tagValue } from './attributes';
import { toNumber } from './numbers';
import { err, type ParseResult } from './parse-result';
import { EngineErrorCode, type EngineError, type MasterPlaylist, type Variant } from './types';
import type { Resolver } from './url';

export function parseMaster(lines: string[], url: string, resolve: Resolver, warnings: EngineError[]): ParseResult {
  const variants: Variant[] = [];
  let pending: Record<string, string> | null = null;
  let pendingLine = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (line.startsWith('#EXT-X-STREAM-INF')) {
        if (pending) warnings.push(err(EngineErrorCode.BadUri, 'A variant has no URI; skipped.', pendingLine));
        pending = parseAttributes(tagValue(line));
        pendingLine = i + 1;
      }
      continue;
    }
    if (!pending) continue;
    const abs = resolve(line);
    if (!abs) {
      warnings.push(err(EngineErrorCode.BadUri, `Variant URI cannot be resolved: ${line.slice(0, 200)}`, i + 1));
    } else {
      variants.push(toVariant(pending, abs));
    }
    pending = null;
  }
  if (variants.length === 0) {
    return { ok: false, error: err(EngineErrorCode.NoVariants, 'The master playlist lists no usable variant.'), warnings };
  }
  const playlist: MasterPlaylist = { kind: 'master', url, variants };
  return { ok: true, playlist, warnings };
}

function toVariant(attrs: Record<string, string>, url: string): Variant {
  const v: Variant = { url, bandwidth: toNumber(attrs.BANDWIDTH) ?? 0 };
  const avg = toNumber(attrs['AVERAGE-BANDWIDTH']);
  if (avg !== undefined) v.averageBandwidth = avg;
  const res = /^(\d+)x(\d+)$/i.exec(attrs.RESOLUTION ?? '');
  if (res) {
    v.width = Number(res[1]);
    v.height = Number(res[2]);
  }
  if (attrs.CODECS) v.codecs = attrs.CODECS;
  const fr = toNumber(attrs['FRAME-RATE']);
  if (fr !== undefined) v.frameRate = fr;
  if (attrs.NAME) v.name = attrs.NAME;
  return v;
}
