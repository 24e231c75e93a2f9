// Typed client of the recharge calls of the player API (server:
// server/routes/player/payments.ts): the offered amounts, a checkout at the
// payment provider, and a payment's status. Same envelope, time-outs and
// "errors are data" as the rest of the player API (player-api.ts).

import * as z from 'zod/mini';
import { apiConfig, paymentPaths } from './config';
import { unwrapEnvelope } from './envelope';
import { requestJson, type ApiResult } from './http';
import { requestTimeoutMs } from './request-timeout';

const rechargeOptionsSchema = z.object({
  currency: z.string(),
  points_per_brl: z.number().check(z.positive()),
  amounts: z.array(z.number().check(z.positive())),
});
export type RechargeOptions = z.infer<typeof rechargeOptionsSchema>;

const paymentSchema = z.object({
  payment_id: z.string().check(z.regex(/^PAY[0-9a-f]+$/)),
  status: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  points: z.number(),
});

const checkoutSchema = z.extend(paymentSchema, { checkout_url: z.string().check(z.regex(/^https?:\/\//)) });
export type Checkout = z.infer<typeof checkoutSchema>;

/** A payment's status, with the player's balance at the time of the answer. */
const paymentStatusSchema = z.extend(paymentSchema, { balance: z.number() });
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export interface PaymentsApi {
  options(signal?: AbortSignal): Promise<ApiResult<RechargeOptions>>;
  /** A checkout of `amount` whole reais (one of the offered amounts). */
  create(credential: string, amount: number, signal?: AbortSignal): Promise<ApiResult<Checkout>>;
  status(credential: string, paymentId: string, signal?: AbortSignal): Promise<ApiResult<PaymentStatus>>;
}

export function createPaymentsApi(baseUrl: string = apiConfig.base): PaymentsApi {
  const base = baseUrl.replace(/\/+$/, '');
  async function post<S extends z.ZodMiniType>(path: string, body: object, schema: S, signal?: AbortSignal): Promise<ApiResult<z.output<S>>> {
    return unwrapEnvelope(await requestJson(`${base}${path}`, { method: 'POST', body, timeoutMs: requestTimeoutMs(), signal, cache: 'no-store' }), schema, path);
  }
  return {
    options: (signal) => post(paymentPaths.options, {}, rechargeOptionsSchema, signal),
    create: (credential, amount, signal) => post(paymentPaths.create, { credential, amount }, checkoutSchema, signal),
    status: (credential, paymentId, signal) => post(paymentPaths.status, { credential, payment_id: paymentId }, paymentStatusSchema, signal),
  };
}
