// The demo payment provider's pages, Pix-style, in pt-BR like the app: the
// checkout (amount, a QR code, a pay and a cancel button) and a refusal.
// The QR code holds this checkout's own address, so a phone can scan it and
// pay there. It does not hold a Pix "copia e cola" code: the demo is not a
// bank, and a real bank app must never be handed a payment it could try to
// make.

import { html, page, type SafeHtml } from '../partner/html';
import type { Checkout } from '../../services/payments/checkout';
import { encode } from 'uqr';
import { demoProviderConfig } from './config';

const STYLE = html`<style>.pay{text-align:center}.pay__amount{font-size:2rem;margin:.5rem 0}.pay__qr{width:100%;max-width:${demoProviderConfig.qrMaxWidthRem}rem;background:#fff;border-radius:.5rem}.pay__actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1rem}.pay button{min-height:3rem;font-size:1.1rem;border:0;border-radius:.5rem}.pay__pay{background:#ffcc33;color:#111}.pay__cancel{background:#333;color:#eee}</style>`;

/** The symbol (uqr, error correction M) as one SVG path (a unit square per dark module), inside its quiet zone. */
export function qrSvg(text: string, label: string): SafeHtml {
  const rows = encode(text, { ecc: 'M', border: 0 }).data;
  const q = demoProviderConfig.quietModules;
  const size = rows.length + q * 2;
  const d = rows.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + q} ${y + q}h1v1h-1z` : ''))).join('');
  return html`<svg class="pay__qr" data-testid="pay-qr" role="img" aria-label="${label}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" xmlns="http://www.w3.org/2000/svg"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`;
}

const money = (c: Checkout) => `${c.currency} ${c.amount}`;

export function checkoutPage(checkout: Checkout, selfUrl: string, sig: string): string {
  const fields = ([...Object.entries(checkout), ['sig', sig]] as [string, string | number][]).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  return page(
    `Pix — ${money(checkout)}`,
    html`${STYLE}<main class="pay">
<h1>Pagamento Pix (demonstração)</h1>
<p class="pay__amount" data-testid="pay-amount">${money(checkout)}</p>
${qrSvg(selfUrl, `Código QR deste pagamento de ${money(checkout)}`)}
<p>Escaneie o código com outro aparelho para pagar lá, ou confirme aqui. Nenhum dinheiro de verdade é cobrado.</p>
<p>Pagamento <code data-testid="pay-id">${checkout.payment_id}</code></p>
<form method="post" action="confirm" class="pay__actions">
${fields}
<button type="submit" name="decision" value="pay" class="pay__pay" data-testid="pay-button">Pagar ${money(checkout)}</button>
<button type="submit" name="decision" value="cancel" class="pay__cancel">Cancelar</button>
</form>
</main>`,
  );
}

const refusalText = {
  malformed: 'Este link de pagamento está incompleto ou corrompido.',
  signature: 'Este link de pagamento não foi emitido pela loja (assinatura incorreta).',
  expired: 'Este link de pagamento expirou. Volte ao app e comece a recarga de novo.',
  refused: 'A loja recusou a confirmação deste pagamento.',
} as const;
export type Refusal = keyof typeof refusalText;

export function refusalPage(reason: Refusal): string {
  return page('Pagamento recusado', html`<h1>Pagamento recusado</h1><p class="error" data-reason="${reason}">${refusalText[reason]}</p>`);
}
