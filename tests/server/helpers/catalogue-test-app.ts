// The server app on one database kind with an empty catalogue before every
// test (videos, categories and import sources), for the import tests. Registers
// its own hooks; `app` is there from beforeAll on.

import { afterAll, beforeAll, beforeEach } from 'vitest';
import { catalogueSources } from '../../../server/db/schema/catalogue-sync';
import { categories, videos } from '../../../server/db/schema/catalogue';
import { buildTestApp, type DatabaseKind, type TestApp } from './test-app';

export function emptyCatalogueApp(kind: DatabaseKind): Pick<TestApp, 'app'> {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    const db = t!.app.db;
    await db.delete(videos);
    await db.delete(categories);
    await db.delete(catalogueSources);
  });
  return {
    get app() {
      if (!t) throw new Error('the app is built in beforeAll');
      return t.app;
    },
  };
}
