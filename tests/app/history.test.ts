import { describe, expect, it } from 'vitest';
import { moveToEntry, pushEntry, replaceEntry, type HistoryStack } from '../../src/router/history';
import type { Route } from '../../src/router/route-params';

const route = (n: number): Route => ({ page: 'douyin', params: { i: String(n) } });
const entry = (key: number) => ({ key, route: route(key) });

function pushMany(count: number): HistoryStack {
  let stack: HistoryStack = [];
  for (let k = 1; k <= count; k++) stack = pushEntry(stack, entry(k));
  return stack;
}

describe('in-app history stack', () => {
  it('keeps up to 10 entries', () => {
    expect(pushMany(10).map((e) => e.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('the 11th push trims it to the last 5', () => {
    expect(pushMany(11).map((e) => e.key)).toEqual([7, 8, 9, 10, 11]);
  });

  it('replace changes the top entry without growing', () => {
    const stack = replaceEntry(pushMany(3), { key: 3, route: route(99) });
    expect(stack).toHaveLength(3);
    expect(stack[2].route.params.i).toBe('99');
    expect(replaceEntry([], entry(1))).toEqual([entry(1)]);
  });

  it('moving back cuts the stack; moving forward stacks on top', () => {
    const back = moveToEntry(pushMany(4), entry(2));
    expect(back.back).toBe(true);
    expect(back.stack.map((e) => e.key)).toEqual([1, 2]);
    const forward = moveToEntry(back.stack, entry(3));
    expect(forward.back).toBe(false);
    expect(forward.stack.map((e) => e.key)).toEqual([1, 2, 3]);
  });

  it('moving back to an entry trimmed away leaves it alone on the stack', () => {
    const moved = moveToEntry(pushMany(11), entry(3));
    expect(moved.back).toBe(true);
    expect(moved.stack.map((e) => e.key)).toEqual([3]);
  });
});
