// Constants of recharge payments (spec 2 §2.6 "a recharge through online
// payment", "BRL n"; issue 15). The run-time settings (PAYMENT_URL,
// PAYMENT_SECRET, PAYMENT_POINTS_PER_BRL) are in server/config.ts.

export const paymentDefaults = {
  pointsPerBrl: 100, // PAYMENT_POINTS_PER_BRL default: BRL 10 buys the 1000 points the partner site needs (spec 1 §1)
  amountsBrl: [5, 10, 20, 50], // the recharge amounts offered and accepted (whole reais; ours: the spec shows none)
  currency: 'BRL', // money is Brazilian reais (spec 2 §2.6 "BRL n")
  checkoutTtlS: 1_800, // a checkout link is good for 30 minutes (a Pix charge's usual life)
  maxOpenPerPlayer: 5, // unpaid payments one player may hold within the checkout life (each is a row: bounds a script)
  paymentIdBytes: 12, // 'PAY' + 24 hex digits: unguessable
  notificationMaxBytes: 4_096, // a notification is a few hundred bytes
  signatureHeader: 'x-payment-signature', // 'sha256=' + hex HMAC-SHA256 of the raw body with PAYMENT_SECRET
  notifyPath: '/api/v1/payments/notify', // where providers send notifications
  demoPath: '/pay/', // the built-in demo provider's checkout page
  // The app's address after the checkout: the hash (never sent to a server) names the payment to wait for.
  returnHashParam: 'recharge',
  // The demo provider's key (HMAC of the sign-on secret with this label) when PAYMENT_SECRET is unset.
  demoKeyLabel: 'clipfeed demo payment provider',
} as const;

/** The ledger source of a credited recharge (transactions.source). */
export const PaymentSource = { recharge: 'payment_recharge' } as const;
export type PaymentSource = (typeof PaymentSource)[keyof typeof PaymentSource];

/**
 * A payment's life: pending until the provider says paid or failed. Paid is
 * final (credited once); failed is not, since a charge that failed once may
 * still be paid (a second attempt), and notifications may arrive in any
 * order: failed after paid changes nothing, paid after failed credits.
 */
export const PaymentStatus = { pending: 'pending', paid: 'paid', failed: 'failed' } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
