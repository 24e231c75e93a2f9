import { describe, expect, it } from 'vitest';
import type { Timeouts } from '../../../src/lib/timers';
import { createLongPress } from '../../../src/video/detail/long-press';

function fakeTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timeouts = {
    setTimeout: (fn, ms) => {
      pending.set(next, { at: now + ms, fn });
      return next++;
    },
    clearTimeout: (h) => void pending.delete(h as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...pending]) if (t.at <= now) {
      pending.delete(id);
      t.fn();
    }
  };
  return { timers, advance, pending };
}

describe('back button long press (spec 2 §2.4, spec 3 §2: 1 s)', () => {
  it('fires after the full second and the click that ends it is not a tap', () => {
    const { timers, advance } = fakeTimers();
    let hints = 0;
    const press = createLongPress(1000, () => hints++, timers);
    press.start();
    advance(999);
    expect(hints).toBe(0);
    advance(1);
    expect(hints).toBe(1);
    press.cancel();
    expect(press.takeLong()).toBe(true);
    expect(press.takeLong()).toBe(false);
  });

  it('a short press is a tap and shows no hint', () => {
    const { timers, advance, pending } = fakeTimers();
    let hints = 0;
    const press = createLongPress(1000, () => hints++, timers);
    press.start();
    advance(400);
    press.cancel();
    advance(2000);
    expect(hints).toBe(0);
    expect(press.takeLong()).toBe(false);
    expect(pending.size).toBe(0);
  });

  it('dispose clears a pending press', () => {
    const { timers, advance } = fakeTimers();
    let hints = 0;
    const press = createLongPress(1000, () => hints++, timers);
    press.start();
    press.dispose();
    advance(5000);
    expect(hints).toBe(0);
  });
});
