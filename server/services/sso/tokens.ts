// Sign-on tokens: HS256 JWTs with the SSO secret, a short life and a random
// jti so each can be spent once. Verification never throws: the outcome is
// data with a message fit to show.

import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ssoDefaults, tokenAudience, TokenKind } from './config';

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface TokenClaims {
  kind: TokenKind;
  playerId: string;
  /** The partner account (sso tokens). */
  accountId?: string;
  /** The player's balance and the points still needed for the partner account (visit tokens). */
  balance?: { points: number; needed: number };
  jti: string;
  expiresAt: Date;
}

export type VerifyFailure = 'expired' | 'signature' | 'kind' | 'malformed';
export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: VerifyFailure; message: string };

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(
  secret: string,
  kind: TokenKind,
  subject: { playerId: string; accountId?: string; balance?: { points: number; needed: number } },
  ttlS: number,
  now = new Date(),
): Promise<SignedToken> {
  const jti = randomBytes(ssoDefaults.jtiBytes).toString('base64url');
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlS;
  const extra = { ...(subject.accountId ? { acct: subject.accountId } : {}), ...(subject.balance ? { pts: subject.balance.points, need: subject.balance.needed } : {}) };
  const token = await new SignJWT({ kind, ...extra })
    .setProtectedHeader({ alg: ssoDefaults.algorithm, typ: 'JWT' })
    .setIssuer(ssoDefaults.issuer)
    .setAudience(tokenAudience[kind])
    .setSubject(subject.playerId)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

const payloadSchema = z.object({
  kind: z.enum([TokenKind.sso, TokenKind.return, TokenKind.visit]),
  sub: z.string().startsWith('P'),
  jti: z.string().min(1),
  exp: z.number().int(),
  aud: z.union([z.string(), z.array(z.string())]),
  acct: z.string().optional(),
  pts: z.number().int().min(0).optional(),
  need: z.number().int().min(0).optional(),
});

export async function verifyToken(secret: string, token: string, expected: TokenKind, now = new Date()): Promise<VerifyResult> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, key(secret), { algorithms: [ssoDefaults.algorithm], issuer: ssoDefaults.issuer, currentDate: now }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'Token expired: sign-on links are short-lived; start again from the app.' };
    if (err instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'signature', message: 'Token signature invalid: this link was not issued by us.' };
    return { ok: false, reason: 'malformed', message: 'Token malformed or not issued by us.' };
  }
  const p = payloadSchema.safeParse(payload);
  if (!p.success) return { ok: false, reason: 'malformed', message: 'Token malformed: required claims are missing.' };
  const aud = Array.isArray(p.data.aud) ? p.data.aud : [p.data.aud];
  if (p.data.kind !== expected || !aud.includes(tokenAudience[expected])) {
    return { ok: false, reason: 'kind', message: `Wrong token kind: expected a ${expected} token, got a ${p.data.kind} token.` };
  }
  const balance = p.data.pts !== undefined && p.data.need !== undefined ? { points: p.data.pts, needed: p.data.need } : undefined;
  return { ok: true, claims: { kind: p.data.kind, playerId: p.data.sub, accountId: p.data.acct, balance, jti: p.data.jti, expiresAt: new Date(p.data.exp * 1000) } };
}
