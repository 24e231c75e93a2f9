// The demo partner's three pages: its home, a signed-on account, and a
// refused sign-on. pt-BR like the app.

import { html, page } from './html';
import type { PartnerVisit, VisitFailure } from '../../services/sso/redeem';

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

export function landingPage(appUrl: string, pointsRequired: number): string {
  return page(
    'win667 — parceiro (demo)',
    html`<h1>win667</h1>
<p>Site parceiro de demonstração. Junte ${pointsRequired} pontos assistindo vídeos no app para abrir sua conta aqui com um toque.</p>
<p><a href="${appUrl}">Voltar ao app</a></p>`,
  );
}

export function errorPage(reason: VisitFailure, appUrl: string): string {
  return page(
    'win667 — acesso recusado',
    html`<h1>Acesso recusado</h1>
<p class="error" data-reason="${reason}">${failureText[reason]}</p>
<p><a href="${appUrl}">Voltar ao app</a></p>`,
  );
}

export function accountPage(visit: Extract<PartnerVisit, { ok: true }>): string {
  return page(
    'win667 — sua conta',
    html`<h1>Bem-vindo ao win667</h1>
<dl>
<dt>Conta no parceiro</dt><dd data-field="account">${visit.accountId}</dd>
<dt>Jogador no app</dt><dd data-field="player">${visit.playerId}</dd>
<dt>Pontos no app</dt><dd data-field="points">${visit.points}</dd>
<dt>Último acesso</dt><dd>${visit.signedOnAt.toISOString()}</dd>
</dl>
<p><a id="back" href="${visit.returnUrl}">Voltar ao app</a></p>`,
  );
}
