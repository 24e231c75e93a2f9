// One /api.php/provide/vod/ answer: the page of videos as MacCMS v10 writes it,
// in JSON (an object) or at=xml (the document's text). Plain clients get
// exactly MacCMS's fields; the app (output.appFields) its extra ones too.

import type { Db } from '../../db/client';
import { listCategories } from './categories';
import { classArray } from './category-tree';
import { cleanPlayUrl } from './clean-play-url';
import { toDetailItem, toListItem, toMaccmsDetailItem, type VideoRecord } from './format';
import { listVideos } from './videos';
import type { VodOutput, VodQuery } from './vod-query';
import { vodEnvelope } from './vod-response';
import { vodXml } from './vod-xml';

async function detailAnswer(db: Db, query: VodQuery, output: VodOutput, origin: string): Promise<object | string> {
  const { total, rows } = await listVideos(db, { ...query, ac: 'detail' });
  const envelope = <T>(items: T[]) => vodEnvelope(query.page, query.pageSize, total, items);
  const playable = <T extends object>(item: T, row: VideoRecord): T => (output.clean ? { ...item, vod_play_url: cleanPlayUrl(row.vodPlayUrl, origin) } : item);
  if (output.format === 'xml') return vodXml({ ac: 'detail', envelope: envelope(rows.map((row) => playable(toMaccmsDetailItem(row, query.nameLanguage), row))) });
  const item = (row: VideoRecord) => (output.appFields ? toDetailItem(row, query.nameLanguage, origin) : toMaccmsDetailItem(row, query.nameLanguage));
  return envelope(rows.map((row) => playable(item(row), row)));
}

async function listAnswer(db: Db, query: VodQuery, output: VodOutput): Promise<object | string> {
  const [{ total, rows }, types] = await Promise.all([listVideos(db, { ...query, ac: 'list' }), listCategories(db)]);
  if (output.format === 'json') {
    const items = rows.map((row) => toListItem(row, query.nameLanguage, output.appFields));
    return { ...vodEnvelope(query.page, query.pageSize, total, items), class: classArray(types) };
  }
  // MacCMS's XML names only video-module categories (type_mid 1) in <class>.
  const items = rows.map((row) => toListItem(row, query.nameLanguage, false));
  return vodXml({ ac: 'list', envelope: vodEnvelope(query.page, query.pageSize, total, items), classes: classArray(types.filter((t) => t.typeMid === 1)) });
}

export function vodAnswer(db: Db, query: VodQuery, output: VodOutput, origin: string): Promise<object | string> {
  return query.ac === 'detail' ? detailAnswer(db, query, output, origin) : listAnswer(db, query, output);
}
