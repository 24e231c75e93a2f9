import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { getVideo, listPlaylistHosts, upsertCategories, upsertVideos } from '../../server/services/catalogue/index';
import { playlistHosts } from '../../server/services/catalogue/play-hosts';
import { databaseKinds, openTestDatabase, type TestDatabase } from './helpers/test-app';

describe('playlist hosts of one vod_play_url', () => {
  it('takes the http(s) m3u8 routes of every $$$ source and # route, with ports, lower-case', () => {
    const playUrl = [
      '第01集$https://A.example.com/1/index.m3u8#第02集$https://a.example.com:8443/2/index.m3u8?t=$x',
      '第01集$https://b.example.com/share/x#https://c.example.com/bare.M3U8',
      '$ftp://d.example.com/x.m3u8#broken$not a url m3u8',
    ].join('$$$');
    expect(playlistHosts(playUrl).sort()).toEqual(['a.example.com', 'a.example.com:8443', 'c.example.com']);
  });
});

describe.each(databaseKinds)('catalogue service on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  it('upserts videos by source_key, counting inserts and updates, and keeps stored translations a row leaves out', async () => {
    const db = t.database.db;
    await upsertCategories(db, [{ typeId: 6, typePid: 0, typeName: '动作片' }]);
    const first = await upsertVideos(db, [
      { sourceKey: 's:1', typeId: 6, vodName: 'Um', vodNamePt: 'Um (pt)', vodDuration: 60, vodPlayUrl: 'HD$https://x.example.com/a.m3u8' },
      { sourceKey: 's:2', typeId: 6, vodName: 'Dois', vodPlayUrl: 'https://y.example.com/b.m3u8$$$https://x.example.com/c.m3u8' },
    ]);
    expect(first).toEqual({ inserted: 2, updated: 0 });

    const second = await upsertVideos(db, [
      { sourceKey: 's:1', typeId: 6, vodName: 'Um renomeado', vodRemarks: 'HD' },
      { sourceKey: 's:3', typeId: 7, vodName: 'Três', vodPlayUrl: '正片$http://localhost/v_show/id_X.html' },
    ]);
    expect(second).toEqual({ inserted: 1, updated: 1 });
    expect(await db.select({ n: count() }).from(videos)).toEqual([{ n: 3 }]);

    const all = await db.select().from(videos).orderBy(videos.sourceKey);
    expect(all[0]).toMatchObject({ vodName: 'Um renomeado', vodNamePt: 'Um (pt)', vodDuration: 60, vodRemarks: 'HD', vodPlayUrl: '' });

    const got = await getVideo(db, all[0].vodId);
    expect(got).toMatchObject({ vodId: all[0].vodId, vodName: 'Um renomeado', typeName: '动作片' });
    expect(await getVideo(db, all[2].vodId)).toMatchObject({ vodName: 'Três', typeName: '' });
    expect(await getVideo(db, 987654)).toBeNull();

    expect(await listPlaylistHosts(db)).toEqual(['x.example.com', 'y.example.com']);
  });

  it('upserts categories by type_id, counting inserts and updates', async () => {
    const db = t.database.db;
    expect(await upsertCategories(db, [{ typeId: 6, typePid: 1, typeName: 'Ação' }, { typeId: 1, typePid: 0, typeName: 'Filmes' }])).toEqual({ inserted: 1, updated: 1 });
    expect(await upsertCategories(db, [])).toEqual({ inserted: 0, updated: 0 });
  });
});
