// Per-language category names through the real Fastify app (issue 16 point 7):
// the demo catalogue's categories carry our names in the five interface
// languages beside MacCMS's own fields (type_name Chinese, type_en English,
// untouched), in get_all_categories and /api/v2/categories; an imported
// category carries none; ac=list's `class` stays MacCMS's three fields. The
// page's schema and naming rule read the answers as the app does.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySchema, parseItems, type Category } from '../../src/api/catalogue-schemas';
import { categoryName } from '../../src/i18n/category-name';
import { demoCategoryRows } from '../../server/demo/catalogue';
import { defaultDemoPlan } from '../../server/demo/plan';
import { listCategories, upsertCategories } from '../../server/services/catalogue/index';
import { mapCategories } from '../../server/services/catalogue/import/map-categories';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

const LANGUAGES = ['pt-BR', 'zh', 'en', 'ja', 'ko'];
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

describe.each(databaseKinds)('category names on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await upsertCategories(t.app.db, demoCategoryRows(defaultDemoPlan));
    // An imported MacCMS category beside the demo's, mapped as the importer maps it.
    const mapped = mapCategories([{ typeId: 20, typePid: 0, typeName: '综艺', typeSort: 9 }], await listCategories(t.app.db));
    await upsertCategories(t.app.db, mapped.rows);
  });
  afterAll(async () => t?.close());

  const categories = async (url: string): Promise<Record<string, unknown>[]> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    const body = res.json();
    return url.startsWith('/api/v2/') ? body.data : body.info.all_categories;
  };

  it('gives the demo categories a name in each language, MacCMS fields as a MacCMS source sends them', async () => {
    for (const url of ['/api.php/type/get_all_categories', '/api/v2/categories?lang=pt']) {
      const all = await categories(url);
      const documentary = all.find((c) => c.type_id === 1);
      expect(documentary, url).toMatchObject({
        type_name: '纪录片',
        type_en: 'Documentary',
        type_names: { 'pt-BR': 'Documentários', zh: '纪录片', en: 'Documentary', ja: 'ドキュメンタリー', ko: '다큐멘터리' },
      });
      for (const c of all.filter((x) => x.type_id !== 20)) {
        const names = c.type_names as Record<string, string>;
        expect(Object.keys(names).sort(), url).toEqual([...LANGUAGES].sort());
        expect(names['pt-BR'], `${url} ${String(c.type_id)}`).not.toMatch(CJK);
        expect(names.ja, `${url} ${String(c.type_id)}`).toMatch(CJK);
      }
      expect(all.find((c) => c.type_id === 20), url).toMatchObject({ type_name: '综艺', type_en: '', type_names: {} });
    }
  });

  it("keeps ac=list's class to MacCMS's fields", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api.php/provide/vod/?ac=list' });
    const classes = res.json().class as Record<string, unknown>[];
    expect(classes.find((c) => c.type_id === 1)).toEqual({ type_id: 1, type_pid: 0, type_name: '纪录片' });
  });

  it('the page names each category in the visitor language, and an imported one by its type_name', async () => {
    const parsed = parseItems(categorySchema, await categories('/api.php/type/get_all_categories')) as Category[];
    const names = (language: string) => parsed.map((c) => categoryName(c, language));
    expect(names('pt-BR')).toEqual(['Documentários', 'Ciência e tecnologia', 'Animação', 'Arte', 'Natureza', '综艺']);
    expect(names('ja')).toEqual(['ドキュメンタリー', '科学・テクノロジー', 'アニメーション', 'アート', '自然', '综艺']);
    expect(names('zh')).toEqual(['纪录片', '科技', '动画', '艺术', '自然', '综艺']);
    expect(names('en')).toEqual(['Documentary', 'Science & Tech', 'Animation', 'Art', 'Nature', '综艺']);
    expect(names('ko')).toEqual(['다큐멘터리', '과학·기술', '애니메이션', '예술', '자연', '综艺']);
  });
});
