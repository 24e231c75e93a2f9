// Preview batches per platform (spec 2 §9) and the platform classes.

import { describe, expect, it } from 'vitest';
import { batches, batchPlan, loadInBatches } from '../../../src/discover/batch-loader';
import { platformClass } from '../../../src/lib/platform';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  desktopChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  desktopFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('platformClass', () => {
  it('Safari or iOS, other mobile, desktop', () => {
    expect(platformClass({ userAgent: UA.iphone })).toBe('safari-ios');
    expect(platformClass({ userAgent: UA.iphoneChrome })).toBe('safari-ios');
    expect(platformClass({ userAgent: UA.ipad, maxTouchPoints: 5 })).toBe('safari-ios');
    expect(platformClass({ userAgent: UA.macSafari, maxTouchPoints: 0 })).toBe('safari-ios');
    expect(platformClass({ userAgent: UA.android })).toBe('mobile');
    expect(platformClass({ userAgent: UA.desktopChrome })).toBe('desktop');
    expect(platformClass({ userAgent: UA.desktopFirefox })).toBe('desktop');
    expect(platformClass({ userAgent: '' })).toBe('desktop');
  });
});

describe('batch plan', () => {
  it('2 / 3 / 5 per batch with 500 / 300 / 200 ms between, 500 ms first on Safari or iOS', () => {
    expect(batchPlan('safari-ios')).toEqual({ size: 2, delayMs: 500, initialDelayMs: 500 });
    expect(batchPlan('mobile')).toEqual({ size: 3, delayMs: 300, initialDelayMs: 0 });
    expect(batchPlan('desktop')).toEqual({ size: 5, delayMs: 200, initialDelayMs: 0 });
  });

  it('batches cuts in order', () => {
    expect(batches([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(batches([1, 2], 0)).toEqual([[1], [2]]);
  });
});

describe('loadInBatches', () => {
  async function run(platform: 'safari-ios' | 'mobile' | 'desktop', n: number) {
    const events: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    await loadInBatches(
      Array.from({ length: n }, (_, i) => i + 1),
      async (item) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        events.push(`load ${item}`);
        await Promise.resolve();
        inFlight--;
      },
      batchPlan(platform),
      { sleep: async (ms) => void events.push(`sleep ${ms}`) },
    );
    return { events, maxInFlight };
  }

  it('Safari/iOS: waits 500 ms, then 2 at a time with 500 ms pauses', async () => {
    const { events, maxInFlight } = await run('safari-ios', 5);
    expect(events).toEqual(['sleep 500', 'load 1', 'load 2', 'sleep 500', 'load 3', 'load 4', 'sleep 500', 'load 5']);
    expect(maxInFlight).toBe(2);
  });

  it('mobile: 3 at a time, 300 ms pauses, no initial wait', async () => {
    const { events, maxInFlight } = await run('mobile', 10);
    expect(events.filter((e) => e.startsWith('sleep'))).toEqual(['sleep 300', 'sleep 300', 'sleep 300']);
    expect(events[0]).toBe('load 1');
    expect(maxInFlight).toBe(3);
  });

  it('desktop: 5 at a time, 200 ms pauses', async () => {
    const { events, maxInFlight } = await run('desktop', 10);
    expect(events.filter((e) => e.startsWith('sleep'))).toEqual(['sleep 200']);
    expect(maxInFlight).toBe(5);
  });

  it('stops between batches when cancelled', async () => {
    const loaded: number[] = [];
    let cancel = false;
    await loadInBatches(
      [1, 2, 3, 4, 5, 6],
      async (i) => {
        loaded.push(i);
        cancel = true;
      },
      batchPlan('safari-ios'),
      { sleep: async () => undefined, cancelled: () => cancel },
    );
    expect(loaded).toEqual([1, 2]);
  });
});
