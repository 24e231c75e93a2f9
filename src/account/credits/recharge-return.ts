// Back from the payment provider: the app's address carries
// #recharge=<payment id> (the return address the server handed the provider:
// server/services/payments/config.ts returnHashParam). A hash is never sent
// to a server or kept by the router's query rules. On entry the hash is
// taken out of the address, the credits screen opens and the payment is
// followed until the server confirms it.

import { openSheet } from '../../router/sheets';
import { creditsConfig } from './config';

const PAYMENT_ID = /^PAY[0-9a-f]{24}$/;

/** The payment id of an address hash ('#recharge=PAY...'), or null. */
export function returnedPayment(hash: string): string | null {
  const id = new URLSearchParams(hash.replace(/^#/, '')).get(creditsConfig.rechargeHashParam);
  return id && PAYMENT_ID.test(id) ? id : null;
}

/** At the page's start: a visitor back from the provider sees the recharge's state. */
export function resumeRecharge(win: Window): void {
  const id = returnedPayment(win.location.hash);
  if (!id) return;
  win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}`);
  openSheet('credits');
  // The recharge code comes with the credits screen's chunk, not the first-visit bundle.
  void import('./recharge-store').then((m) => m.waitForPayment(id));
}
