// The demo partner's three pages: its home (with the visitor's balance when
// the app sent one), a signed-on account, and a refused sign-on. pt-BR like
// the app; numbers and dates through Intl.

import { html, page, type SafeHtml } from './html';
import type { PartnerVisit, VisitFailure } from '../../services/sso/redeem';

const LOCALE = 'pt-BR';
const count = new Intl.NumberFormat(LOCALE);
// The server cannot know the visitor's time zone: the time is given in UTC and says so.
const when = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

const failureText: Record<VisitFailure, string> = {
  expired: 'O link de acesso expirou. Volte ao app e toque no botão do parceiro de novo.',
  signature: 'O link de acesso não é válido (assinatura incorreta).',
  kind: 'Este token não é um link de acesso ao parceiro.',
  malformed: 'O link de acesso está incompleto ou corrompido.',
  used: 'Este link de acesso já foi usado. Cada link funciona uma única vez.',
  unknown_player: 'O jogador deste link não existe mais.',
  unknown_account: 'Nenhuma conta de parceiro corresponde a este link.',
  disabled: 'Esta conta está desativada.',
};

/** The way back: a full-size button (44 px), not a line of small text. */
function backButton(href: string, id?: string): SafeHtml {
  return id ? html`<p><a id="${id}" href="${href}" class="back">Voltar ao app</a></p>` : html`<p><a href="${href}" class="back">Voltar ao app</a></p>`;
}

/** What the app said of the visitor's points (a visit token), or null: the page came from elsewhere or too late. */
export interface HomeBalance {
  points: number;
  needed: number;
}

function balanceBlock(balance: HomeBalance | null): SafeHtml {
  if (!balance) return html`<p class="note" data-field="no-balance">Abra este site pelo botão do parceiro no app para ver seus pontos aqui.</p>`;
  const total = balance.points + balance.needed;
  const percent = total > 0 ? Math.min(100, Math.round((balance.points / total) * 100)) : 0;
  return html`<dl class="balance">
<dt>Seus pontos no app</dt><dd data-field="points">${count.format(balance.points)}</dd>
<dt>Faltam para abrir sua conta</dt><dd data-field="needed">${count.format(balance.needed)}</dd>
</dl>
<div class="bar" aria-hidden="true"><div style="width:${percent}%"></div></div>`;
}

export function landingPage(appUrl: string, pointsRequired: number, balance: HomeBalance | null = null): string {
  return page(
    'win667 — parceiro (demo)',
    html`<h1>win667</h1>
<p>Site parceiro de demonstração. Junte ${count.format(pointsRequired)} pontos assistindo vídeos no app para abrir sua conta aqui com um toque.</p>
${balanceBlock(balance)}
${backButton(appUrl)}`,
  );
}

export function errorPage(reason: VisitFailure, appUrl: string): string {
  return page(
    'win667 — acesso recusado',
    html`<h1>Acesso recusado</h1>
<p class="error" data-reason="${reason}">${failureText[reason]}</p>
${backButton(appUrl)}`,
  );
}

export function accountPage(visit: Extract<PartnerVisit, { ok: true }>): string {
  return page(
    'win667 — sua conta',
    html`<h1>Bem-vindo ao win667</h1>
<dl>
<dt>Conta no parceiro</dt><dd data-field="account">${visit.accountId}</dd>
<dt>Jogador no app</dt><dd data-field="player">${visit.playerId}</dd>
<dt>Pontos no app</dt><dd data-field="points">${count.format(visit.points)}</dd>
<dt>Último acesso</dt><dd>${when.format(visit.signedOnAt)} (UTC)</dd>
</dl>
${backButton(visit.returnUrl, 'back')}`,
  );
}
