// Credit task completion (spec 2 §3, §4): a daily task is completed once per
// local date and resets when the date changes; the weekly one resets with the
// ISO week. A completion the server bounded (check-in: next_checkin_time)
// also ends at that moment, since the server's day may start at another hour.

import { taskDefinitions, type TaskDefinition, type TaskId } from './config';
import { isoWeekKey, localDateKey } from './dates';

export interface TaskRecord {
  completed: boolean;
  /** When it was completed (ms). */
  completedAt?: number;
  /** When the server opens the task again (ms). */
  reopensAt?: number;
}

export type TaskRecords = Partial<Record<TaskId, TaskRecord>>;

export interface TaskBook {
  records: TaskRecords;
  /** Local date of the last reset ('YYYY-MM-DD'), null before the first. */
  lastReset: string | null;
}

function presetRecord(def: TaskDefinition): TaskRecord {
  return { completed: def.presetCompleted };
}

/** Resets what the calendar says must reset; returns the same book when nothing changed. */
export function applyResets(book: TaskBook, now: number, defs: readonly TaskDefinition[] = taskDefinitions): TaskBook {
  const today = localDateKey(now);
  if (book.lastReset === today) return book;
  const newWeek = book.lastReset === null || isoWeekKey(book.lastReset) !== isoWeekKey(today);
  const records: TaskRecords = { ...book.records };
  for (const def of defs) {
    const record = records[def.id];
    const serverHolds = record?.reopensAt !== undefined && now < record.reopensAt;
    if (def.type === 'daily' && !serverHolds) records[def.id] = presetRecord(def);
    if (def.type === 'weekly' && newWeek) records[def.id] = presetRecord(def);
  }
  return { records, lastReset: today };
}

export function isCompleted(book: TaskBook, def: TaskDefinition, now: number): boolean {
  const record = book.records[def.id] ?? presetRecord(def);
  if (!record.completed) return false;
  return record.reopensAt === undefined || now < record.reopensAt;
}

export function markCompleted(book: TaskBook, id: TaskId, now: number, reopensAt?: number): TaskBook {
  const record: TaskRecord = { completed: true, completedAt: now };
  if (reopensAt !== undefined && Number.isFinite(reopensAt)) record.reopensAt = reopensAt;
  return { ...book, records: { ...book.records, [id]: record } };
}
