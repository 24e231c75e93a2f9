import { describe, expect, it } from 'vitest';
import { connectionPlan, preloadItems, saveDataWanted, serverSawSaveData } from '../../workers/core/connection-plan';
import { lowestVariant } from '../../workers/core/variant';
import { parsePlaylist } from '../../workers/core/parse';
import type { MasterPlaylist } from '../../workers/core/types';
import { computeAdaptation, engineCallOptions, saveDataHeaderSeen } from '../../src/player/adaptation';
import { loadMediaPlaylist } from '../../workers/engine/prepare';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

function master(text: string): MasterPlaylist {
  const parsed = parsePlaylist(text, 'https://cdn.test/master.m3u8');
  if (!parsed.ok || parsed.playlist.kind !== 'master') throw new Error('not a master');
  return parsed.playlist;
}

describe('Save-Data: one rule for page and worker', () => {
  it('is on when the browser says so or the server saw the header, off otherwise', () => {
    expect(saveDataWanted({ saveData: true })).toBe(true);
    expect(saveDataWanted({ saveData: false }, true)).toBe(true);
    expect(saveDataWanted({ saveData: false })).toBe(false);
    expect(saveDataWanted(undefined)).toBe(false);
  });

  it('classifies as slow whatever the figures say, and preloads one item at most', () => {
    expect(connectionPlan({ downlink: 50, rtt: 20, effectiveType: '4g', saveData: true })).toEqual({ network: 'slow', saveData: true });
    expect(connectionPlan({ downlink: 50, rtt: 20, effectiveType: '4g' }, true)).toEqual({ network: 'slow', saveData: true });
    expect(connectionPlan({ downlink: 50, rtt: 20, effectiveType: '4g' })).toEqual({ network: 'fast', saveData: false });
    expect(preloadItems(3, true)).toBe(1);
    expect(preloadItems(3, false)).toBe(3);
    expect(preloadItems(0, true)).toBe(0);
  });

  it('reads the server\'s word from the navigation\'s Server-Timing names', () => {
    expect(serverSawSaveData(['save-data'])).toBe(true);
    expect(serverSawSaveData(['cache', 'db'])).toBe(false);
    const perf = (names: string[]) => ({ getEntriesByType: () => [{ serverTiming: names.map((name) => ({ name })) }] as unknown as PerformanceEntryList });
    expect(saveDataHeaderSeen(perf(['save-data']))).toBe(true);
    expect(saveDataHeaderSeen(perf([]))).toBe(false);
    expect(saveDataHeaderSeen(undefined)).toBe(false);
  });

  it('the page preloads one item and asks the engine for the lowest variant', () => {
    const nav = { userAgent: DESKTOP, deviceMemory: 8, hardwareConcurrency: 8, connection: { downlink: 50, rtt: 20, effectiveType: '4g', saveData: true } };
    const state = computeAdaptation(nav, 20, 'premium');
    expect(state).toMatchObject({ saveData: true, preloadCount: 1, network: 'fast', engineNetwork: 'slow' });
    expect(engineCallOptions(state)).toEqual({ network: 'slow', maxHeight: 1080, saveData: true });
    // The header alone (a carrier or proxy adds it) does the same.
    const byHeader = computeAdaptation({ ...nav, connection: { downlink: 50, rtt: 20, effectiveType: '4g' } }, 20, 'premium', true);
    expect(byHeader).toMatchObject({ saveData: true, preloadCount: 1 });
    // Without it, the network decides (fast: 3).
    expect(computeAdaptation({ ...nav, connection: { downlink: 50, rtt: 20, effectiveType: '4g' } }, 20, 'premium')).toMatchObject({ saveData: false, preloadCount: 3 });
  });
});

describe('the lowest variant', () => {
  it('is the least bandwidth, the smaller picture on a tie, wherever it is listed', () => {
    const m = master(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1500000,RESOLUTION=1280x720\nv720.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=854x480\nv480.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360\nv360.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1920x1080\nv1080.m3u8\n',
    );
    expect(lowestVariant(m)?.url).toBe('https://cdn.test/v360.m3u8');
    expect(lowestVariant({ ...m, variants: [] })).toBeNull();
  });
});

describe('the engine with Save-Data', () => {
  const text =
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=854x480\nv480.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240\nv240.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=640x360\nv360.m3u8\n';
  const media = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\ns0.ts\n#EXT-X-ENDLIST\n';
  const fetch = async (url: string) => new Response(url.endsWith('master.m3u8') ? text : media);

  it('plays the lowest variant, where the slow network alone would pick 480p', async () => {
    const slow = await loadMediaPlaylist('https://cdn.test/master.m3u8', 'slow', { fetch });
    const saving = await loadMediaPlaylist('https://cdn.test/master.m3u8', 'slow', { fetch }, undefined, true);
    expect(slow.ok && slow.value.variant?.url).toBe('https://cdn.test/v480.m3u8');
    expect(saving.ok && saving.value.variant?.url).toBe('https://cdn.test/v240.m3u8');
  });
});
