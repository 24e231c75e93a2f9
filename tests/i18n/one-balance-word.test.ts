// One balance, one word (issue 16 point 8): the feed's points widget, the
// credits sheet, the toasts and the top-bar chip all show the one server
// ledger, so each language names it with one word, the word of the feed's
// label (account:pointsLabel). The sheet used to say "créditos" while the
// feed said "pontos". Checked on a fixture first, so a check that finds
// nothing is not mistaken for a pass.

import { describe, expect, it } from 'vitest';
import { flatten, type Packs } from './support/pack-check';
import { readPacks } from './support/real-tree';

/** The rival word of each language: what the sheet said before (zh always said 积分). */
const RIVAL: Record<string, RegExp> = {
  'pt-BR': /cr[ée]dito/i,
  en: /\bcredits?\b/i,
  ja: /クレジット/,
  ko: /크레딧/,
  zh: /信用|点数/,
};

/** Labels that name the balance itself: each must carry the feed's word. */
const NAMING_KEYS = ['credits:title', 'credits:balance.title', 'credits:balance.exact', 'credits:recharge.points', 'credits:tasks.reward', 'credits:topNav.open', 'promotion:actions.credits', 'account:openCredits', 'ui:points'];

function values(packs: Packs, lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [area, pack] of Object.entries(packs[lang] ?? {})) {
    for (const [key, value] of flatten(pack)) if (typeof value === 'string') out.set(`${area}:${key}`, value);
  }
  return out;
}

function rivalUses(packs: Packs): string[] {
  return Object.keys(packs).flatMap((lang) => [...values(packs, lang)].filter(([, text]) => RIVAL[lang]?.test(text)).map(([key]) => `${lang} ${key}`));
}

function unnamed(packs: Packs): string[] {
  return Object.keys(packs).flatMap((lang) => {
    const all = values(packs, lang);
    const word = all.get('account:pointsLabel')!.toLowerCase();
    return NAMING_KEYS.filter((key) => !all.get(key)?.toLowerCase().includes(word)).map((key) => `${lang} ${key}`);
  });
}

describe('the checks, on a fixture', () => {
  const packs: Packs = {
    'pt-BR': {
      account: { pointsLabel: 'Pontos', openCredits: 'Abrir créditos' },
      credits: { title: 'Meus créditos', balance: { title: 'Saldo', exact: '{{n}} pontos' }, recharge: { points: '{{n}} pontos' }, tasks: { reward: '+{{n}} pontos' }, topNav: { open: 'Abrir meus pontos' } },
      promotion: { actions: { credits: 'Pontos' } },
      ui: { points: '+{{n}} pontos' },
    },
  };
  it('finds the rival word and a label without the feed word', () => {
    expect(rivalUses(packs)).toEqual(['pt-BR account:openCredits', 'pt-BR credits:title']);
    expect(unnamed(packs)).toEqual(['pt-BR credits:title', 'pt-BR credits:balance.title', 'pt-BR account:openCredits']);
  });
});

describe('the real packs', () => {
  const packs = readPacks();
  it('has all five languages', () => {
    expect(Object.keys(packs).sort()).toEqual(Object.keys(RIVAL).sort());
  });
  it('never names the balance with the rival word', () => {
    expect(rivalUses(packs)).toEqual([]);
  });
  it('names it with the feed label in every balance label', () => {
    expect(unnamed(packs)).toEqual([]);
  });
});
