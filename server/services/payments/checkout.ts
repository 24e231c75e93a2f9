// The checkout link: the provider's page (PAYMENT_URL or the demo's /pay/)
// with the payment's fields and their signature in the query. The provider
// checks the signature before it charges, so nobody on the way can change
// what is paid, to whom the money goes back, or where the visitor returns.

import { z } from 'zod';
import { paymentDefaults } from './config';
import { hmacHex, signatureMatches } from './signature';

export interface Checkout {
  payment_id: string;
  /** Reais with two decimals: '10.00'. */
  amount: string;
  currency: string;
  /** Unix seconds after which the provider refuses the checkout. */
  expires: number;
  return_url: string;
  notify_url: string;
}

const FIELDS = ['payment_id', 'amount', 'currency', 'expires', 'return_url', 'notify_url'] as const;

const canonical = (c: Checkout) => FIELDS.map((f) => `${f}=${c[f]}`).join('\n');

export function checkoutUrl(providerUrl: string, checkout: Checkout, secret: string): string {
  const url = new URL(providerUrl);
  for (const f of FIELDS) url.searchParams.set(f, String(checkout[f]));
  url.searchParams.set('sig', hmacHex(secret, canonical(checkout)));
  return url.toString();
}

export const paymentIdSchema = z.string().regex(new RegExp(`^PAY[0-9a-f]{${paymentDefaults.paymentIdBytes * 2}}$`), 'must be a payment id');
const absoluteUrl = z.url({ protocol: /^https?$/ }).max(2048);

const checkoutQuery = z.object({
  payment_id: paymentIdSchema,
  amount: z.string().regex(/^\d{1,7}\.\d{2}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  expires: z.string().regex(/^\d{1,12}$/).transform(Number),
  return_url: absoluteUrl,
  notify_url: absoluteUrl,
  sig: z.string().max(128),
});

export type CheckoutRead = { ok: true; checkout: Checkout; sig: string } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** The provider's side: a checkout query, checked (shape, signature, expiry). */
export function readCheckout(query: unknown, secret: string, now: Date): CheckoutRead {
  const q = checkoutQuery.safeParse(query ?? {});
  if (!q.success) return { ok: false, reason: 'malformed' };
  const { sig, ...checkout } = q.data;
  if (!signatureMatches(secret, canonical(checkout), sig)) return { ok: false, reason: 'signature' };
  if (checkout.expires * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, checkout, sig };
}

/** Centavos as the checkout writes them: 1000 -> '10.00'. */
export function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
