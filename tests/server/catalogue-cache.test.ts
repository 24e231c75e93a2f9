import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { cachedAnswer, catalogueConfig } from '../../server/services/catalogue/index';
import { clearAnswers } from '../../server/services/catalogue/response-cache';

const fakeDb = (): Db => ({}) as Db;

describe('catalogue answer cache', () => {
  it('shares one computation between concurrent requests and keeps it for the TTL', async () => {
    const db = fakeDb();
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 10));
      return { n: runs };
    };
    const [a, b] = await Promise.all([cachedAnswer(db, 'k', compute, 1000), cachedAnswer(db, 'k', compute, 1001)]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
    await cachedAnswer(db, 'k', compute, 1000 + catalogueConfig.responseCacheMs - 1);
    expect(runs).toBe(1);
    await cachedAnswer(db, 'k', compute, 1000 + catalogueConfig.responseCacheMs);
    expect(runs).toBe(2);
  });

  it('keeps databases apart, forgets on clear, and does not keep failures', async () => {
    const db1 = fakeDb();
    const db2 = fakeDb();
    expect(await cachedAnswer(db1, 'k', async () => 1, 0)).toBe(1);
    expect(await cachedAnswer(db2, 'k', async () => 2, 0)).toBe(2);
    clearAnswers(db1);
    expect(await cachedAnswer(db1, 'k', async () => 3, 1)).toBe(3);
    await expect(cachedAnswer(db1, 'x', async () => Promise.reject(new Error('db down')), 0)).rejects.toThrow('db down');
    expect(await cachedAnswer(db1, 'x', async () => 'ok', 1)).toBe('ok');
  });
});
