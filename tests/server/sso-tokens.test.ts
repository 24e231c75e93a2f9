import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../server/services/sso/tokens';

const secret = 'sso-secret-for-token-tests-0123456789abcdef';

describe('sign-on tokens', () => {
  it('round-trips the player, the partner account and a fresh jti, living 5 minutes', async () => {
    const now = new Date('2025-05-01T12:00:00Z');
    const a = await signToken(secret, 'sso', { playerId: 'P0123456789ABCDEF', accountId: 'w667_abc' }, 300, now);
    const b = await signToken(secret, 'sso', { playerId: 'P0123456789ABCDEF', accountId: 'w667_abc' }, 300, now);
    expect(a.jti).not.toBe(b.jti);
    expect(a.expiresAt).toEqual(new Date('2025-05-01T12:05:00Z'));
    const claims = decodeJwt(a.token);
    expect(claims).toMatchObject({ kind: 'sso', sub: 'P0123456789ABCDEF', acct: 'w667_abc', iss: 'clipfeed', aud: 'partner', jti: a.jti, iat: now.getTime() / 1000, exp: now.getTime() / 1000 + 300 });
    const v = await verifyToken(secret, a.token, 'sso', new Date('2025-05-01T12:04:59Z'));
    expect(v).toEqual({ ok: true, claims: { kind: 'sso', playerId: 'P0123456789ABCDEF', accountId: 'w667_abc', jti: a.jti, expiresAt: a.expiresAt } });
  });

  it('refuses an expired token', async () => {
    const t = await signToken(secret, 'return', { playerId: 'P1' }, 300, new Date('2025-05-01T12:00:00Z'));
    expect(await verifyToken(secret, t.token, 'return', new Date('2025-05-01T12:05:01Z'))).toMatchObject({ ok: false, reason: 'expired', message: expect.stringMatching(/^Token expired/) });
  });

  it('refuses a token signed with another secret, or with its payload changed', async () => {
    const forged = await signToken('another-secret-another-secret-0123456789', 'return', { playerId: 'P1' }, 300);
    expect(await verifyToken(secret, forged.token, 'return')).toMatchObject({ ok: false, reason: 'signature' });
    const real = await signToken(secret, 'return', { playerId: 'P1' }, 300);
    const [h, , s] = real.token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(real.token), sub: 'P2' })).toString('base64url');
    expect(await verifyToken(secret, `${h}.${payload}.${s}`, 'return')).toMatchObject({ ok: false, reason: 'signature' });
  });

  it('refuses one kind where the other is expected', async () => {
    const sso = await signToken(secret, 'sso', { playerId: 'P1', accountId: 'w667_x' }, 300);
    expect(await verifyToken(secret, sso.token, 'return')).toMatchObject({ ok: false, reason: 'kind', message: 'Wrong token kind: expected a return token, got a sso token.' });
    const back = await signToken(secret, 'return', { playerId: 'P1' }, 300);
    expect(await verifyToken(secret, back.token, 'sso')).toMatchObject({ ok: false, reason: 'kind' });
  });

  it('refuses the none algorithm, garbage and tokens missing claims', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ kind: 'return', sub: 'P1', jti: 'x', iss: 'clipfeed', aud: 'clipfeed-app', exp: 4102444800 })).toString('base64url');
    expect(await verifyToken(secret, `${header}.${body}.`, 'return')).toMatchObject({ ok: false, reason: 'malformed' });
    expect(await verifyToken(secret, 'not-a-token', 'return')).toMatchObject({ ok: false, reason: 'malformed' });
    const noJti = await new SignJWT({ kind: 'return' }).setProtectedHeader({ alg: 'HS256' }).setIssuer('clipfeed').setAudience('clipfeed-app').setSubject('P1').setExpirationTime('5m').sign(new TextEncoder().encode(secret));
    expect(await verifyToken(secret, noJti, 'return')).toMatchObject({ ok: false, reason: 'malformed', message: expect.stringMatching(/required claims/) });
  });
});
