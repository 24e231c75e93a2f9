import { describe, expect, it } from 'vitest';
import { videoRoutes } from '../../../src/feed/play-address';

const A = 'https://a.example/1/index.m3u8';
const B = 'https://b.example/2/index.m3u8';
const C = 'https://c.example/3/index.m3u8';

describe('video routes (spec 2 §3, spec 3 §3 play URL format)', () => {
  it('splits routes by #, each name$url, and keeps the catalogue name', () => {
    expect(videoRoutes(`HD$${A}#SD$${B}`, 'ffm3u8')).toEqual([
      { index: 0, url: A, label: { kind: 'named', text: 'HD' }, playFrom: 'ffm3u8' },
      { index: 1, url: B, label: { kind: 'named', text: 'SD' }, playFrom: 'ffm3u8' },
    ]);
  });

  it('calls unnamed routes "online play" with one source and "Line N" across several $$$ sources', () => {
    expect(videoRoutes(`$${A}`).map((r) => r.label)).toEqual([{ kind: 'online' }]);
    const several = videoRoutes(`$${A}$$$${B}#Extra$${C}`, 'one$$$two');
    expect(several.map((r) => r.label)).toEqual([{ kind: 'line', number: 1 }, { kind: 'line', number: 2 }, { kind: 'named', text: 'Extra' }]);
    expect(several.map((r) => [r.index, r.playFrom])).toEqual([[0, 'one'], [1, 'two'], [2, 'two']]);
  });

  it('drops routes with an empty or unplayable address, numbering the rest without gaps', () => {
    const routes = videoRoutes(`Empty$#Page$https://a.example/watch.html#Pic$https://a.example/x.jpg#Good$${B}`);
    expect(routes).toEqual([{ index: 0, url: B, label: { kind: 'named', text: 'Good' }, playFrom: '' }]);
  });

  it('shows a route name holding markup as text', () => {
    expect(videoRoutes(`<img src=x onerror=alert(1)>Linha <b>A</b>$${A}`)[0].label).toEqual({ kind: 'named', text: 'Linha A' });
  });

  it('gives no routes for a missing or non-text play URL', () => {
    expect(videoRoutes('')).toEqual([]);
    expect(videoRoutes(undefined)).toEqual([]);
    expect(videoRoutes(42)).toEqual([]);
  });
});
