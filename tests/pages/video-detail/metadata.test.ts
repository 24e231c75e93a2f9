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
    expect(metadataLines(full, { language: 'en' }).map((l) => [l.field, l.value])).toEqual([
      ['category', 'Documentário'],
      ['region', 'Brasil'],
      ['language', 'Português'],
      ['year', '2024'],
      ['status', 'HD'],
      ['updated', 'Jan 1, 2025'],
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

describe('detail metadata: what each value is (issue 16 point 12: "Status 12 min")', () => {
  const demo = { ...full, vod_remarks: '12 min · 240p/360p', vod_duration: 731 };

  it('a running time in vod_remarks is never labelled a status; the running time line says it in the language', () => {
    const lines = metadataLines(demo, { language: 'pt-BR' });
    expect(lines.find((l) => l.field === 'status')).toBeUndefined();
    expect(lines.find((l) => l.field === 'duration')).toEqual({ field: 'duration', labelKey: 'detail:meta.duration', value: '12 min' });
    expect(lines.find((l) => l.field === 'duration')?.labelKey).not.toBe('detail:meta.status');
    expect(metadataLines(demo, { language: 'zh' }).find((l) => l.field === 'duration')?.value).toBe('12分钟');
    expect(metadataLines(demo, { language: 'ko' }).find((l) => l.field === 'duration')?.value).toBe('12분');
    // The demo's clock remark ("12:11") is a running time too, not a status.
    expect(metadataLines({ ...demo, vod_remarks: '12:11' }, { language: 'pt-BR' }).find((l) => l.field === 'status')).toBeUndefined();
    expect(metadataLines({ ...demo, vod_remarks: '1:02:03' }, { language: 'pt-BR' }).find((l) => l.field === 'status')).toBeUndefined();
  });

  it('a real status stays a status, next to the running time', () => {
    const lines = metadataLines({ ...demo, vod_remarks: 'Ep. 3' }, { language: 'en' });
    expect(lines.map((l) => [l.field, l.value]).filter(([f]) => f === 'status' || f === 'duration')).toEqual([
      ['status', 'Ep. 3'],
      ['duration', '12 min'],
    ]);
    for (const status of ['HD', 'Completo', '更新至第10集', '2024']) {
      expect(metadataLines({ ...full, vod_remarks: status }).find((l) => l.field === 'status')?.value).toBe(status);
    }
  });

  it('without vod_duration, a running-time remark is shown under the running time label', () => {
    for (const remark of ['45 min', '45 分钟', '90 min · 720p', '30분']) {
      const lines = metadataLines({ ...full, vod_remarks: remark });
      expect(lines.find((l) => l.field === 'status'), remark).toBeUndefined();
      expect(lines.find((l) => l.field === 'duration')?.value, remark).toBe(remark);
    }
  });

  it('a running time under a minute reads as 1 minute, and no duration and no remark means no line', () => {
    expect(metadataLines({ ...full, vod_duration: 20 }, { language: 'en' }).find((l) => l.field === 'duration')?.value).toBe('1 min');
    expect(metadataLines({ ...full, vod_duration: 0 }).find((l) => l.field === 'duration')).toBeUndefined();
  });

  it('the update time is a day in the visitor\'s language, not the raw catalogue text', () => {
    const updated = (language: string) => metadataLines(full, { language }).find((l) => l.field === 'updated')?.value;
    expect(updated('pt-BR')).toBe(new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2025, 0, 1)));
    expect(updated('pt-BR')).not.toContain('12:00');
    expect(updated('en')).toBe('Jan 1, 2025');
    expect(updated('zh')).toBe('2025年1月1日');
    // Text that is not MacCMS's time format is shown as it is.
    expect(metadataLines({ ...full, vod_time: 'ontem' }, { language: 'pt-BR' }).find((l) => l.field === 'updated')?.value).toBe('ontem');
  });
});
