import { describe, expect, it } from 'vitest';
import { metadataLines } from '../../../src/video/detail/metadata';

const full = {
  type_name: 'Documentário',
  vod_area: 'Brasil',
  vod_lang: 'Português',
  vod_year: '2024',
  vod_remarks: 'HD',
  vod_time: '2025-01-01 12:00:00',
  vod_director: 'Ana',
  vod_actor: 'Bia, Caio',
};

describe('detail metadata lines (spec 2 §2.4)', () => {
  it('lists category, region, language, year, status, update time, director, actor in that order', () => {
    expect(metadataLines(full).map((l) => [l.field, l.value])).toEqual([
      ['category', 'Documentário'],
      ['region', 'Brasil'],
      ['language', 'Português'],
      ['year', '2024'],
      ['status', 'HD'],
      ['updated', '2025-01-01 12:00:00'],
      ['director', 'Ana'],
      ['actor', 'Bia, Caio'],
    ]);
  });

  it('labels each line with its own key of the detail namespace', () => {
    expect(metadataLines(full).map((l) => l.labelKey)).toEqual([
      'detail:meta.category',
      'detail:meta.region',
      'detail:meta.language',
      'detail:meta.year',
      'detail:meta.status',
      'detail:meta.updated',
      'detail:meta.director',
      'detail:meta.actor',
    ]);
  });

  it('shows the category name it is given (the interface language\'s) instead of type_name', () => {
    expect(metadataLines(full, { category: 'Documentary' })[0]).toEqual({ field: 'category', labelKey: 'detail:meta.category', value: 'Documentary' });
    expect(metadataLines(full, {})[0].value).toBe('Documentário');
  });

  it('hides the line of a missing, empty or blank field; director and actor only when present', () => {
    const lines = metadataLines({ ...full, vod_area: '', vod_lang: undefined, vod_time: undefined, vod_director: '   ', vod_actor: '' });
    expect(lines.map((l) => l.field)).toEqual(['category', 'year', 'status']);
  });

  it('shows markup in catalogue fields as text, and a field holding only markup is hidden', () => {
    const lines = metadataLines({ ...full, vod_director: '<img src=x onerror=alert(1)>', vod_actor: '<b>Bia</b> &amp; Caio' });
    expect(lines.find((l) => l.field === 'director')).toBeUndefined();
    expect(lines.find((l) => l.field === 'actor')?.value).toBe('Bia & Caio');
  });
});
