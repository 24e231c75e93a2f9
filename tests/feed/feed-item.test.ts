import { describe, expect, it } from 'vitest';
import { toFeedItem, toFeedItems } from '../../src/feed/feed-item';
import { itemPlayAddress } from '../../workers/core/play-url';
import { plainText } from '../../src/lib/plain-text';
import { video } from './fake-catalogue';

describe('feed play address (spec 1 §3, §5)', () => {
  it('takes the first valid field in the order m3u8_url, short_m3u8_url, url, vod_play_url, src, playUrl', () => {
    const all = {
      m3u8_url: 'https://a.example.com/m.m3u8',
      short_m3u8_url: 'https://a.example.com/s.m3u8',
      url: 'https://a.example.com/u.m3u8',
      vod_play_url: 'HD$https://a.example.com/v.m3u8',
      src: 'https://a.example.com/src.m3u8',
      playUrl: 'https://a.example.com/p.m3u8',
    };
    expect(itemPlayAddress(all)).toBe('https://a.example.com/m.m3u8');
    expect(itemPlayAddress({ ...all, m3u8_url: '' })).toBe('https://a.example.com/s.m3u8');
    expect(itemPlayAddress({ ...all, m3u8_url: 42, short_m3u8_url: 'https://a.example.com/poster.jpg', url: 'ftp://a.example.com/x.m3u8' })).toBe('https://a.example.com/v.m3u8');
    expect(itemPlayAddress({ src: 'no address', playUrl: 'https://a.example.com/p.m3u8' })).toBe('https://a.example.com/p.m3u8');
  });

  it('rejects image extensions, non-http schemes and addresses without m3u8', () => {
    expect(itemPlayAddress({ url: 'https://a.example.com/cover.jpg?x=m3u8' })).toBeNull();
    expect(itemPlayAddress({ url: 'https://a.example.com/m3u8/cover.PNG' })).toBeNull();
    expect(itemPlayAddress({ url: 'javascript:alert(1)//m3u8' })).toBeNull();
    expect(itemPlayAddress({ url: 'https://a.example.com/video.mp4' })).toBeNull();
    expect(itemPlayAddress({ url: 'https://a.example.com/index.m3u8?poster=a.jpg' })).toBe('https://a.example.com/index.m3u8?poster=a.jpg');
  });

  it('parses vod_play_url routes and prefers 1080, then 720, hd, high among them', () => {
    const routes = ['SD$https://a.example.com/sd/index.m3u8', '720P$https://a.example.com/720/index.m3u8', '1080P$https://a.example.com/1080/index.m3u8'].join('#');
    expect(itemPlayAddress({ vod_play_url: routes })).toBe('https://a.example.com/1080/index.m3u8');
    expect(itemPlayAddress({ vod_play_url: 'a$https://a.example.com/hd/x.m3u8#b$https://a.example.com/high/x.m3u8' })).toBe('https://a.example.com/hd/x.m3u8');
    expect(itemPlayAddress({ vod_play_url: 'Cover$https://a.example.com/c.jpg$$$HD$https://b.example.com/x.m3u8' })).toBe('https://b.example.com/x.m3u8');
  });

  it('survives a hostile getter', () => {
    const hostile = Object.defineProperty({ url: 'https://a.example.com/u.m3u8' }, 'm3u8_url', {
      get() {
        throw new Error('boom');
      },
      enumerable: true,
    });
    expect(itemPlayAddress(hostile)).toBe('https://a.example.com/u.m3u8');
  });
});

describe('catalogue video -> feed item', () => {
  it('maps the fields, keeps titles as text and drops items without a play URL', () => {
    const item = toFeedItem(video(7, { vod_name: '<b>Cidade</b> &amp; <script>x</script>Deus', vod_remarks: 'HD', type_id: 3 }));
    expect(item).toMatchObject({ id: '7', vod_id: 7, isAd: false, url: 'https://cdn.example.com/7/index.m3u8', remarks: 'HD', typeId: 3, isShortVideo: false });
    expect(item?.title).toBe('Cidade & x Deus');
    expect(toFeedItem(video(8, { vod_play_url: 'HD$https://img.example.com/8.jpg' }))).toBeNull();
    expect(toFeedItems([video(1), video(2, { vod_play_url: '' }), video(3)]).map((i) => i.id)).toEqual(['1', '3']);
  });

  it('keeps a short URL only when it is a valid m3u8 address, and drops unsafe posters', () => {
    const item = toFeedItem(video(9, { short_m3u8_url: '  https://s.example.com/9/index.m3u8  ', vod_pic: 'javascript:alert(1)' }));
    expect(item?.shortUrl).toBe('https://s.example.com/9/index.m3u8');
    expect(item?.isShortVideo).toBe(true);
    expect(item?.url).toBe('https://s.example.com/9/index.m3u8');
    expect(item?.pic).toBe('');
    expect(toFeedItem(video(10, { short_m3u8_url: 'https://s.example.com/10.jpg' }))?.shortUrl).toBeUndefined();
  });

  it('plainText decodes entities after removing tags, so encoded markup stays visible as text', () => {
    expect(plainText('&lt;b&gt;bold&lt;/b&gt;')).toBe('<b>bold</b>');
    expect(plainText('A&nbsp;&#233;&#x4E2D; <i>B</i>')).toBe('A é中 B');
  });
});
