// The media probe's Range fetch on the server (issue 19): one byte range of a
// segment through the guarded upstream fetch (server/net/safe-fetch.ts), so
// every hop resolves to a public address unless it is the server's own origin
// or an ALLOWED_PRIVATE_UPSTREAMS host. Segment hosts are not held to the
// catalogue's playlist hosts (CDNs differ); nothing read is ever sent on.
// A server ignoring Range and sending more than asked is a failure, not a download.

import type { RangeFetcher } from '../../../workers/core/index';
import { safeFetch } from '../../net/safe-fetch';
import type { UpstreamPolicy } from '../../net/upstream-policy';
import { mediaConfig } from './config';

const total = (contentRange: string | undefined): number | undefined => {
  const m = /\/(\d+)\s*$/.exec(contentRange ?? '');
  return m ? Number(m[1]) : undefined;
};

export function rangeFetcher(policy: UpstreamPolicy): RangeFetcher {
  return async (url, ask, signal) => {
    const header = 'suffix' in ask ? `bytes=-${ask.suffix}` : `bytes=${ask.offset}-${ask.offset + ask.length - 1}`;
    const length = 'suffix' in ask ? ask.suffix : ask.length;
    const r = await safeFetch(url, { policy, signal, timeoutMs: mediaConfig.probeRequestTimeoutMs, maxBytes: length, maxRedirects: mediaConfig.maxRedirects, headers: { Range: header }, body: 'bytes' });
    if (!r.ok) {
      const code = r.error.code === 'ABORTED' ? 'aborted' : r.error.code === 'UPSTREAM_TIMEOUT' ? 'timeout' : 'fetch';
      return { ok: false, error: { code, message: r.error.message, retryable: r.error.retryable } };
    }
    const { status, bytes, headers } = r.value;
    if ((status !== 206 && status !== 200) || !bytes) return { ok: false, error: { code: 'fetch', message: `Segment answered HTTP ${status} to a Range request.`, retryable: status >= 500 } };
    const size = total(headers['content-range']) ?? (status === 200 ? bytes.length : undefined);
    return { ok: true, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), total: size };
  };
}
