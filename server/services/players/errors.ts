// The player API's errors. Codes 401/403 (and 4001/4004/10001) make the client
// drop its identity and start over (spec 1 §8), so they are used only when the
// credential really is unusable; everything else is a 400/409/429.

import { HttpError } from '../../http/errors';

export const invalidCredential = (message = 'Invalid credential: player not found.') => new HttpError(401, 'invalidCredential', message);
export const accountDisabled = () => new HttpError(403, 'accountDisabled', 'Account disabled.');
export const insufficientBalance = (points: number, needed: number) =>
  new HttpError(400, 'insufficientBalance', `Insufficient balance: ${needed} points needed, ${points} available.`);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message);
/** Automation and an unstable fingerprint are refused outright (403); too many inits from one address may pass later (429). */
export const suspicious = (reason: 'automation' | 'rate' | 'fingerprint', message: string) => new HttpError(reason === 'rate' ? 429 : 403, 'suspiciousClient', message);
export const invalidToken = (message: string) => new HttpError(401, 'invalidToken', message);
