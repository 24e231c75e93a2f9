// The provider's notification (POST to notify_url): a JSON body signed with
// PAYMENT_SECRET in the x-payment-signature header. Parsed strictly: an
// unknown field, status or shape is refused before anything is read from
// the database.

import { z } from 'zod';
import { paymentIdSchema } from './checkout';

export const notificationSchema = z
  .object({
    payment_id: paymentIdSchema,
    /** The provider's id of this event; repeated deliveries of one event carry the same. */
    event_id: z.string().min(1).max(100).regex(/^[\w.:-]+$/, 'may contain only letters, digits, _ . : and -'),
    status: z.enum(['pending', 'paid', 'failed']),
    amount: z.string().regex(/^\d{1,7}\.\d{2}$/, "must be reais with two decimals ('10.00')"),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a currency code'),
    occurred_at: z.iso.datetime().optional(),
  })
  .strict();
export type Notification = z.infer<typeof notificationSchema>;
