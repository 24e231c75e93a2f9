// How LibreTV reads a MacCMS API, written from its public source:
//   LinXnan/LibreTV js/config.js (API_CONFIG: search '?ac=videolist&wd=', pages '&pg=', detail '?ac=videolist&ids=',
//     appended to the site's api base)
//   LinXnan/LibreTV js/api.js (handleApiRequest: search needs Array.isArray(data.list); detail takes data.list[0],
//     the first route of vod_play_url ($$$), episodes split on '#', the url after '$', kept when http(s))

export const libretvSearchUrl = (api: string, wd: string, page?: number) =>
  `${api}?ac=videolist&wd=${encodeURIComponent(wd)}${page === undefined ? '' : `&pg=${page}`}`;

export const libretvDetailUrl = (api: string, id: string | number) => `${api}?ac=videolist&ids=${id}`;

type Item = Record<string, unknown>;

export function libretvSearch(data: unknown): Item[] {
  const d = data as { list?: unknown } | null;
  if (!d || !Array.isArray(d.list)) throw new Error('API返回的数据格式无效');
  return d.list as Item[];
}

export function libretvDetail(data: unknown) {
  const d = data as { list?: unknown } | null;
  if (!d || !Array.isArray(d.list) || d.list.length === 0) throw new Error('获取到的详情内容无效');
  const v = d.list[0] as Item;
  let episodes: string[] = [];
  if (typeof v.vod_play_url === 'string' && v.vod_play_url) {
    const mainSource = v.vod_play_url.split('$$$')[0];
    episodes = mainSource
      .split('#')
      .map((ep) => {
        const parts = ep.split('$');
        return parts.length > 1 ? parts[1] : '';
      })
      .filter((url) => url && (url.startsWith('http://') || url.startsWith('https://')));
  }
  return {
    episodes,
    videoInfo: { title: v.vod_name, cover: v.vod_pic, desc: v.vod_content, type: v.type_name, year: v.vod_year, area: v.vod_area, remarks: v.vod_remarks },
  };
}
