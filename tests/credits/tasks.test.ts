import { describe, expect, it } from 'vitest';
import { TaskId, taskDefinitions } from '../../src/account/credits/config';
import { isoWeekKey, localDateKey } from '../../src/account/credits/dates';
import { memoryStore } from '../../src/lib/key-value-store';
import { loadTaskBook, saveTaskBook } from '../../src/account/credits/task-store';
import { applyResets, isCompleted, markCompleted, type TaskBook } from '../../src/account/credits/tasks';

/** Local wall-clock time, so the tests hold in any time zone. */
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const def = (id: TaskId) => taskDefinitions.find((d) => d.id === id)!;
const done = (book: TaskBook, id: TaskId, now: number) => isCompleted(book, def(id), now);

describe('task defaults (spec 2 §3)', () => {
  it('check-in 10, watch 50, share preset completed and unpaid (issue 15: config.ts says why), invite 200 weekly', () => {
    expect(taskDefinitions.map((d) => [d.id, d.reward, d.type, d.presetCompleted])).toEqual([
      ['daily_checkin', 10, 'daily', false],
      ['watch_videos', 50, 'daily', false],
      ['share_content', null, 'daily', true],
      ['invite_friends', 200, 'weekly', false],
    ]);
  });
});

describe('calendar keys', () => {
  it('local date and ISO week', () => {
    expect(localDateKey(at(2025, 3, 9, 23))).toBe('2025-03-09');
    expect(isoWeekKey('2025-03-09')).toBe('2025-W10'); // a Sunday: still the week that started on Monday 3 March
    expect(isoWeekKey('2025-03-10')).toBe('2025-W11');
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01');
    expect(isoWeekKey('2021-01-03')).toBe('2020-W53');
    expect(isoWeekKey('garbage')).toBeNull();
  });
});

describe('daily reset by date (spec 2 §4)', () => {
  const first = applyResets({ records: {}, lastReset: null }, at(2025, 3, 10, 9));

  it('a first visit starts from the presets: share completed, the rest open', () => {
    expect(first.lastReset).toBe('2025-03-10');
    const now = at(2025, 3, 10, 9);
    expect(done(first, TaskId.share, now)).toBe(true);
    expect(done(first, TaskId.checkin, now)).toBe(false);
    expect(done(first, TaskId.watch, now)).toBe(false);
    expect(done(first, TaskId.invite, now)).toBe(false);
  });

  it('a daily task completed today stays completed all day, and reopens the next day', () => {
    let book = markCompleted(first, TaskId.watch, at(2025, 3, 10, 10));
    expect(applyResets(book, at(2025, 3, 10, 23))).toBe(book);
    expect(done(book, TaskId.watch, at(2025, 3, 10, 23))).toBe(true);
    book = applyResets(book, at(2025, 3, 11, 0));
    expect(book.lastReset).toBe('2025-03-11');
    expect(done(book, TaskId.watch, at(2025, 3, 11, 0))).toBe(false);
    expect(done(book, TaskId.share, at(2025, 3, 11, 0))).toBe(true);
  });

  it('the weekly task resets only when the ISO week changes', () => {
    let book = markCompleted(first, TaskId.invite, at(2025, 3, 10));
    book = applyResets(book, at(2025, 3, 16)); // Sunday, same week
    expect(done(book, TaskId.invite, at(2025, 3, 16))).toBe(true);
    book = applyResets(book, at(2025, 3, 17)); // Monday
    expect(done(book, TaskId.invite, at(2025, 3, 17))).toBe(false);
  });

  it("a check-in the server holds until its next opening survives the local date change, and ends at that moment", () => {
    const reopensAt = at(2025, 3, 11, 6);
    let book = markCompleted(first, TaskId.checkin, at(2025, 3, 10, 20), reopensAt);
    book = applyResets(book, at(2025, 3, 11, 1));
    expect(done(book, TaskId.checkin, at(2025, 3, 11, 1))).toBe(true);
    expect(done(book, TaskId.checkin, at(2025, 3, 11, 6))).toBe(false);
  });
});

describe('task storage (credit_tasks, last_daily_reset)', () => {
  it('round-trips the book under the spec keys', () => {
    const store = memoryStore();
    const book = markCompleted(applyResets({ records: {}, lastReset: null }, at(2025, 3, 10)), TaskId.checkin, 1234, 5678);
    saveTaskBook(store, book);
    expect(store.getItem('last_daily_reset')).toBe('2025-03-10');
    expect(JSON.parse(store.getItem('credit_tasks')!).daily_checkin).toEqual({ completed: true, completedAt: 1234, reopensAt: 5678 });
    expect(loadTaskBook(store)).toEqual(book);
  });

  it('damaged values count as absent', () => {
    expect(loadTaskBook(memoryStore({ credit_tasks: '{not json', last_daily_reset: 'yesterday' }))).toEqual({ records: {}, lastReset: null });
    expect(loadTaskBook(memoryStore({ credit_tasks: JSON.stringify({ daily_checkin: { completed: 'yes' } }) })).records).toEqual({});
  });
});
