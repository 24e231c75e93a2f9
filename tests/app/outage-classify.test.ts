// Which failures may be the network's (asked of the connection before anything
// is given up) and which are the content's (issue 16 point 4).

import { ErrorDetails, ErrorTypes } from 'hls.js';
import { describe, expect, it } from 'vitest';
import { isUnreachableError, isUnreachableStatus, isUnreachableThrown } from '../../src/errors/unreachable';
import { isUnansweredLoad, mayBeUnreachable } from '../../src/player/outage-hold';
import { PlayerFailure } from '../../src/player/recovery-policy';

describe('failures as data (the API client, the engine worker)', () => {
  it('nothing came back, or a gateway answered for a gone server: maybe the network', () => {
    expect(isUnreachableError({ code: 'NETWORK' })).toBe(true);
    expect(isUnreachableError({ code: 'TIMEOUT' })).toBe(true);
    expect(isUnreachableError({ code: 'NETWORK_ERROR' })).toBe(true);
    expect(isUnreachableError({ code: 'HTTP', status: 502 })).toBe(true);
    expect(isUnreachableError({ code: 'HTTP_ERROR', status: 504 })).toBe(true);
  });

  it('an answer about the content, a cancellation or a bad body: the content', () => {
    expect(isUnreachableError({ code: 'HTTP', status: 404 })).toBe(false);
    expect(isUnreachableError({ code: 'HTTP_ERROR', status: 500 })).toBe(false);
    expect(isUnreachableError({ code: 'HTTP_ERROR' })).toBe(false);
    expect(isUnreachableError({ code: 'ABORTED' })).toBe(false);
    expect(isUnreachableError({ code: 'BAD_RESPONSE' })).toBe(false);
    expect(isUnreachableError({ code: 'NO_PLAYABLE_SOURCE' })).toBe(false);
    expect(isUnreachableError({ code: 'NO_SEGMENTS' })).toBe(false);
    expect(isUnreachableStatus(200)).toBe(false);
    expect(isUnreachableStatus(0)).toBe(true);
  });
});

describe('thrown values (the error monitor, a lazy page)', () => {
  it("a fetch, a module or a page's stylesheet that could not be fetched", () => {
    expect(isUnreachableThrown(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachableThrown(new TypeError('Failed to fetch dynamically imported module: http://x/assets/DiscoverPage-abc.js'))).toBe(true);
    expect(isUnreachableThrown(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isUnreachableThrown(new Error('Unable to preload CSS for /assets/DiscoverPage-x.css'))).toBe(true);
    expect(isUnreachableThrown(new Error('net::ERR_INTERNET_DISCONNECTED'))).toBe(true);
    expect(isUnreachableThrown({ code: 'NETWORK', message: 'Network error', retryable: true })).toBe(true);
    expect(isUnreachableThrown(new Error('render failed', { cause: new TypeError('Failed to fetch') }))).toBe(true);
  });

  it('a bug is a bug, whatever the network does', () => {
    expect(isUnreachableThrown(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isUnreachableThrown(new RangeError('Maximum call stack size exceeded'))).toBe(false);
    expect(isUnreachableThrown({ code: 'HTTP', status: 404, message: 'HTTP 404: Not Found' })).toBe(false);
    expect(isUnreachableThrown(null)).toBe(false);
    expect(isUnreachableThrown(42)).toBe(false);
  });
});

describe('player failures', () => {
  const net = (details: string, httpStatus?: number) => ({ type: ErrorTypes.NETWORK_ERROR, details, httpStatus });

  it('a load without an answer, a time-out, the element network error, a dry buffer, a start that never came: maybe the network', () => {
    expect(mayBeUnreachable(net(ErrorDetails.FRAG_LOAD_ERROR))).toBe(true);
    expect(mayBeUnreachable(net(ErrorDetails.FRAG_LOAD_ERROR, 0))).toBe(true);
    expect(mayBeUnreachable(net(ErrorDetails.MANIFEST_LOAD_ERROR, 503))).toBe(true);
    expect(mayBeUnreachable(net(ErrorDetails.LEVEL_LOAD_TIMEOUT, 200))).toBe(true);
    expect(mayBeUnreachable(net(ErrorDetails.FRAG_LOAD_TIMEOUT))).toBe(true);
    expect(mayBeUnreachable(net(ErrorDetails.KEY_LOAD_ERROR))).toBe(true);
    expect(mayBeUnreachable({ type: 'mediaError', details: 'MEDIA_ERR_NETWORK' })).toBe(true);
    expect(mayBeUnreachable({ type: ErrorTypes.MEDIA_ERROR, details: ErrorDetails.BUFFER_STALLED_ERROR })).toBe(true);
    expect(mayBeUnreachable({ type: 'otherError', details: PlayerFailure.HlsFallbackTimeout })).toBe(true);
  });

  it('only an unanswered load is the first sign worth a probe at once; a stall or a late start is asked about when the item would be given up', () => {
    expect(isUnansweredLoad(net(ErrorDetails.FRAG_LOAD_ERROR))).toBe(true);
    expect(isUnansweredLoad({ type: 'mediaError', details: 'MEDIA_ERR_NETWORK' })).toBe(true);
    expect(isUnansweredLoad({ type: ErrorTypes.MEDIA_ERROR, details: ErrorDetails.BUFFER_STALLED_ERROR })).toBe(false);
    expect(isUnansweredLoad({ type: 'otherError', details: PlayerFailure.HlsFallbackTimeout })).toBe(false);
    expect(isUnansweredLoad(net(ErrorDetails.FRAG_LOAD_ERROR, 404))).toBe(false);
  });

  it("a load answered 404, a decode, codec or parsing failure, a refused source: the stream's", () => {
    expect(mayBeUnreachable(net(ErrorDetails.FRAG_LOAD_ERROR, 404))).toBe(false);
    expect(mayBeUnreachable(net(ErrorDetails.MANIFEST_LOAD_ERROR, 403))).toBe(false);
    expect(mayBeUnreachable(net(ErrorDetails.MANIFEST_PARSING_ERROR))).toBe(false);
    expect(mayBeUnreachable(net(ErrorDetails.LEVEL_EMPTY_ERROR))).toBe(false);
    expect(mayBeUnreachable({ type: ErrorTypes.MEDIA_ERROR, details: ErrorDetails.BUFFER_ADD_CODEC_ERROR })).toBe(false);
    expect(mayBeUnreachable({ type: 'mediaError', details: 'MEDIA_ERR_DECODE' })).toBe(false);
    expect(mayBeUnreachable({ type: 'mediaError', details: PlayerFailure.SourceNotSupported })).toBe(false);
    expect(mayBeUnreachable({ type: 'otherError', details: PlayerFailure.AttachTimeout })).toBe(false);
  });
});
