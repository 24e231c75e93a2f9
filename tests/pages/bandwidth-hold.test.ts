import { describe, expect, it } from 'vitest';
import { Events } from 'hls.js';
import { createBandwidthHold } from '../../src/feed/playback/bandwidth-hold';
import { feedPlaybackConfig } from '../../src/feed/playback/config';

function fakes() {
  const listeners = new Map<string, () => void>();
  const instances: Record<string, { config: { maxBufferLength: number } }> = { visible: { config: { maxBufferLength: 8 } }, next: { config: { maxBufferLength: 8 } } };
  const pool = {
    get: (key: string) => (instances[key] ?? null) as never,
    listen: (key: string, event: string, fn: () => void) => {
      listeners.set(`${key}:${event}`, fn);
      return () => listeners.delete(`${key}:${event}`);
    },
  };
  let now = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 0;
  const clock = {
    setTimeout: (fn: () => void, ms: number) => {
      const id = ++nextId;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((x) => x.at <= now)) {
      clock.clearTimeout(t.id);
      t.fn();
    }
  };
  return { pool, instances, listeners, clock, advance, timers };
}

describe('bandwidth hold while the next clip loads its first fragment', () => {
  it('stops the visible clip asking for more and restores it when the next clip has a fragment', () => {
    const f = fakes();
    const hold = createBandwidthHold(f.pool as never, f.clock);
    hold.start('visible', 'next');
    expect(f.instances.visible.config.maxBufferLength).toBe(feedPlaybackConfig.holdBufferSeconds);
    f.listeners.get(`next:${Events.FRAG_LOADED}`)?.();
    expect(f.instances.visible.config.maxBufferLength).toBe(8);
    expect(f.listeners.size).toBe(0);
    expect(f.timers).toHaveLength(0);
  });

  it('ends by itself after the cap, and a new hold or end() restores the earlier one first', () => {
    const f = fakes();
    const hold = createBandwidthHold(f.pool as never, f.clock);
    hold.start('visible', 'next');
    f.advance(feedPlaybackConfig.holdMaxMs - 1);
    expect(f.instances.visible.config.maxBufferLength).toBe(feedPlaybackConfig.holdBufferSeconds);
    f.advance(1);
    expect(f.instances.visible.config.maxBufferLength).toBe(8);

    hold.start('visible', 'next');
    hold.end();
    expect(f.instances.visible.config.maxBufferLength).toBe(8);
    expect(f.listeners.size).toBe(0);
  });

  it('holds from the first frame while the next clip is still being prepared, and hands over to a hold naming it', () => {
    const f = fakes();
    const hold = createBandwidthHold(f.pool as never, f.clock);
    hold.start('visible', null);
    expect(f.instances.visible.config.maxBufferLength).toBe(feedPlaybackConfig.holdBufferSeconds);
    expect(f.listeners.size).toBe(0);
    f.advance(feedPlaybackConfig.holdMaxMs - 10);
    hold.start('visible', 'next');
    // The hand-over restarts the cap and keeps the hold; the normal value survives it.
    f.advance(20);
    expect(f.instances.visible.config.maxBufferLength).toBe(feedPlaybackConfig.holdBufferSeconds);
    f.listeners.get(`next:${Events.FRAG_LOADED}`)?.();
    expect(f.instances.visible.config.maxBufferLength).toBe(8);
    hold.start('visible', null);
    f.advance(feedPlaybackConfig.holdMaxMs);
    expect(f.instances.visible.config.maxBufferLength).toBe(8);
  });

  it('does nothing when either instance is missing', () => {
    const f = fakes();
    const hold = createBandwidthHold(f.pool as never, f.clock);
    hold.start('visible', 'absent');
    expect(f.instances.visible.config.maxBufferLength).toBe(8);
    expect(f.timers).toHaveLength(0);
  });
});
