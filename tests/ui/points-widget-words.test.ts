// Issue 16 point 9: "🎁 0 0/5" had no words and read like a score. The row
// says what each number is, in the visitor's language; the partner button is
// a named icon until the partner can be joined, then it shows its words.

import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nWithAllPacks } from '../i18n/support/all-packs';
import { PointsWidget } from '../../src/feed/controls/PointsWidget';
import { accountState } from '../../src/account/store';

const saved = { ...accountState };
afterEach(() => Object.assign(accountState, saved));

function render(lang: string): string {
  return renderToStaticMarkup(h(I18nextProvider, { i18n: createI18nWithAllPacks(lang) }, h(PointsWidget)));
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('the points row in words', () => {
  it('labels the balance and counts the cycle in videos, in each language', () => {
    Object.assign(accountState, { status: 'completed', points: 0, progress: 1, required: 5, partner: 'other', partnerHighlight: false });
    expect(text(render('pt-BR'))).toBe('1/5 vídeos Pontos 0');
    expect(text(render('en'))).toBe('1/5 videos Points 0');
    expect(text(render('zh'))).toBe('1/5个视频 积分 0');
    expect(text(render('ja'))).toContain('ポイント 0');
    expect(text(render('ko'))).toContain('포인트 0');
  });

  it('the partner button is a named icon until the partner can be joined, then shows its words', () => {
    Object.assign(accountState, { status: 'completed', points: 0, progress: 0, required: 5, partner: 'other', partnerHighlight: false });
    const icon = render('pt-BR');
    expect(icon).toMatch(/data-testid="partner-button"[^>]*aria-label="Conhecer o site parceiro"/);
    expect(icon).toContain('cf-points__partner--icon');
    Object.assign(accountState, { points: 1000, partner: 'eligible' });
    const labelled = render('pt-BR');
    expect(labelled).not.toContain('cf-points__partner--icon');
    expect(text(labelled)).toContain('Criar conta no site parceiro');
    expect(labelled).not.toMatch(/data-testid="partner-button"[^>]*aria-label=/);
  });
});
