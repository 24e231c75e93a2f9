// Persistence of the task book under the spec's keys (credit_tasks,
// last_daily_reset). Stored data is parsed, never cast: a damaged value
// counts as absent.

import * as z from 'zod/mini';
import type { KeyValueStore } from '../../lib/key-value-store';
import { creditsConfig, TaskId } from './config';
import type { TaskBook, TaskRecords } from './tasks';

const recordSchema = z.object({
  completed: z.boolean(),
  completedAt: z.optional(z.number()),
  reopensAt: z.optional(z.number()),
});

const recordsSchema = z.partialRecord(z.enum(Object.values(TaskId) as [TaskId, ...TaskId[]]), recordSchema);
const dateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

function readJson(store: KeyValueStore, key: string): unknown {
  const raw = store.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function loadTaskBook(store: KeyValueStore): TaskBook {
  const records = recordsSchema.safeParse(readJson(store, creditsConfig.storageKeys.tasks));
  const lastReset = dateSchema.safeParse(store.getItem(creditsConfig.storageKeys.lastDailyReset));
  return { records: records.success ? (records.data as TaskRecords) : {}, lastReset: lastReset.success ? lastReset.data : null };
}

export function saveTaskBook(store: KeyValueStore, book: TaskBook): void {
  store.setItem(creditsConfig.storageKeys.tasks, JSON.stringify(book.records));
  if (book.lastReset !== null) store.setItem(creditsConfig.storageKeys.lastDailyReset, book.lastReset);
}
