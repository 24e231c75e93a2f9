// The device identity record (spec 1 §3), the identity's cookies (spec 1 §9:
// identity 1 year, credential 7 days) and what init sends: the record's id,
// three fingerprint samples, the pending invite (issue 15). The init flow
// runs against the real server over fetch.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayerApi } from '../../src/api/player-api';
import { identityConfig, identityCookies, identityKeys } from '../../src/account/identity/config';
import { documentCookies, withCookieMirror, type CookieJar } from '../../src/account/identity/cookies';
import { clearRecord, makeRecord, readRecord, writeRecord } from '../../src/account/identity/credential-record';
import { IdentityManager } from '../../src/account/identity/identity-manager';
import { confidenceOf, startSession } from '../../src/account/identity/identity-record';
import { keepInvite, pendingInvite } from '../../src/account/identity/pending-invite';
import { memoryStore } from '../../src/lib/key-value-store';
import { wallClockTimers } from '../../src/lib/timers';
import { invites } from '../../server/db/schema/invites';
import { players } from '../../server/db/schema/players';
import { startServer, type LiveServer } from './helpers/live-server';

const day = 24 * 3600_000;
let n = 0;
const random = () => (n++ % 36) / 36;

/** The far side of the cookie tests: a jar that remembers names, values and lifetimes. */
function fakeJar(): CookieJar & { maxAge: Map<string, number>; values: Map<string, string> } {
  const values = new Map<string, string>();
  const maxAge = new Map<string, number>();
  return {
    values,
    maxAge,
    get: (name) => values.get(name) ?? null,
    set: (name, value, s) => {
      values.set(name, value);
      maxAge.set(name, s);
    },
    remove: (name) => {
      values.delete(name);
      maxAge.delete(name);
    },
  };
}

describe('the device identity record', () => {
  it('holds exactly the fields of spec 1 §3', () => {
    const { record } = startSession(memoryStore(), undefined, 'fp_a', 1000, random);
    expect(Object.keys(record).sort()).toEqual(['backupIds', 'deviceFingerprints', 'firstSeenAt', 'isVerified', 'lastSeenAt', 'primaryId', 'riskScore', 'sessionCount'].sort());
    expect(record).toMatchObject({ backupIds: [], deviceFingerprints: ['fp_a'], firstSeenAt: 1000, lastSeenAt: 1000, sessionCount: 1, isVerified: false, riskScore: 0 });
  });

  it('counts sessions, keeps distinct fingerprints newest last, at most 100', () => {
    const store = memoryStore();
    startSession(store, undefined, 'fp_a', 1000, random);
    const second = startSession(store, undefined, 'fp_b', 2000, random);
    expect(second.record).toMatchObject({ sessionCount: 2, firstSeenAt: 1000, lastSeenAt: 2000, deviceFingerprints: ['fp_a', 'fp_b'] });
    expect(second.knownFingerprint).toBe(false);
    const third = startSession(store, undefined, 'fp_a', 3000, random);
    expect(third.record.deviceFingerprints).toEqual(['fp_b', 'fp_a']);
    expect(third.knownFingerprint).toBe(true);
    for (let i = 0; i < 120; i++) startSession(store, undefined, `fp_${i}`, 4000 + i, random);
    const last = startSession(store, undefined, 'fp_119', 9000, random);
    expect(last.record.deviceFingerprints).toHaveLength(identityConfig.maxFingerprints);
    expect(last.record.deviceFingerprints.at(-1)).toBe('fp_119');
    expect(last.record.sessionCount).toBe(124);
  });

  it('brings the id back from its 1-year cookie when local storage was cleared', () => {
    const jar = fakeJar();
    const first = startSession(memoryStore(), jar, 'fp_a', 1000, random);
    expect(jar.values.get(identityCookies.identity)).toBe(first.record.primaryId);
    expect(jar.maxAge.get(identityCookies.identity)).toBe(365 * 24 * 3600);
    const wiped = startSession(memoryStore(), jar, 'fp_a', 2000, random);
    expect(wiped.record.primaryId).toBe(first.record.primaryId);
    expect(wiped.created).toBe(false);
  });

  it('keeps the stored id when the copies disagree; the others become backup ids', () => {
    const store = memoryStore();
    const jar = fakeJar();
    const first = startSession(store, jar, 'fp_a', 1000, random);
    jar.set(identityCookies.identity, 'dev_from_another_tab', 1);
    store.setItem(identityKeys.deviceId, 'dev_older_build');
    const again = startSession(store, jar, 'fp_a', 2000, random);
    expect(again.record.primaryId).toBe(first.record.primaryId);
    expect(again.record.backupIds).toEqual(['dev_older_build', 'dev_from_another_tab']);
    // All copies agree again.
    expect(store.getItem(identityKeys.deviceId)).toBe(first.record.primaryId);
    expect(jar.values.get(identityCookies.identity)).toBe(first.record.primaryId);
  });

  it('adopts the id an older build stored alone', () => {
    const store = memoryStore({ [identityKeys.deviceId]: 'dev_legacy_1' });
    const { record, created } = startSession(store, undefined, 'fp_a', 1000, random);
    expect([record.primaryId, created]).toEqual(['dev_legacy_1', false]);
  });

  it('is no longer verified after 30 days unseen (identity expiry), and confidence follows', () => {
    const store = memoryStore();
    const made = startSession(store, undefined, 'fp_a', 0, random);
    expect(confidenceOf(made)).toBe(identityConfig.confidenceNewDevice);
    store.setItem(identityKeys.identity, JSON.stringify({ ...made.record, isVerified: true }));
    const soon = startSession(store, undefined, 'fp_a', 29 * day, random);
    expect(soon.record.isVerified).toBe(true);
    expect(confidenceOf(soon)).toBe(identityConfig.confidenceKnownDevice);
    const changed = startSession(store, undefined, 'fp_new', 29 * day + 1, random);
    expect(confidenceOf(changed)).toBe(identityConfig.confidenceChangedDevice);
    const late = startSession(store, undefined, 'fp_a', 29 * day + 1 + 30 * day, random);
    expect(late.record.isVerified).toBe(false);
    expect(confidenceOf(late)).toBe(identityConfig.confidenceChangedDevice);
  });

  it('treats a damaged record as absent', () => {
    const store = memoryStore({ [identityKeys.identity]: JSON.stringify({ primaryId: 'bad id!', sessionCount: -1 }) });
    const { record, created } = startSession(store, undefined, 'fp_a', 1000, random);
    expect(created).toBe(true);
    expect(record.sessionCount).toBe(1);
  });
});

describe('the credential cookie', () => {
  it('mirrors the credential record for 7 days: restored when local storage lost it, removed with it', () => {
    const jar = fakeJar();
    const local = memoryStore();
    const store = withCookieMirror(local, jar, identityKeys.record, identityCookies.credential, identityConfig.credentialCookieMaxAgeS);
    const r = makeRecord('credential-abcdef', 'P00AA', 'dev_1', 1000);
    writeRecord(store, r);
    expect(jar.maxAge.get(identityCookies.credential)).toBe(7 * 24 * 3600);
    local.removeItem(identityKeys.record);
    expect(readRecord(store)).toEqual(r);
    expect(local.getItem(identityKeys.record)).not.toBeNull();
    clearRecord(store);
    expect(jar.values.has(identityCookies.credential)).toBe(false);
    expect(readRecord(store)).toBeNull();
  });

  it('writes cookies with their Max-Age, path /, SameSite=Strict, Secure on https, and reads them back', () => {
    const written: string[] = [];
    const doc = {
      location: { protocol: 'https:' },
      get cookie() {
        return 'a=1; clipfeed_id=dev_x%20y; other=2';
      },
      set cookie(text: string) {
        written.push(text);
      },
    } as unknown as Document;
    const jar = documentCookies(doc);
    expect(jar.get('clipfeed_id')).toBe('dev_x y');
    expect(jar.get('missing')).toBeNull();
    jar.set('clipfeed_id', 'dev_1', identityConfig.identityCookieMaxAgeS);
    jar.remove('clipfeed_credential');
    expect(written).toEqual(['clipfeed_id=dev_1; Max-Age=31536000; Path=/; SameSite=Strict; Secure', 'clipfeed_credential=; Max-Age=0; Path=/; SameSite=Strict; Secure']);
  });
});

describe('init against the real server', () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.close());

  const env = () => ({ user_agent: 'Mozilla/5.0 (Linux; Android 13) vitest', timezone: 'America/Sao_Paulo', screen_resolution: '412x915', color_depth: 24, language: 'pt-BR', browser_fingerprint: 'fp_stable1' });

  function manager(store = memoryStore(), reader: () => ReturnType<typeof env> = env, cookies: CookieJar = fakeJar()) {
    return new IdentityManager({ api: createPlayerApi({ baseUrl: server.baseUrl }), store, scheduler: wallClockTimers, env: reader, random, cookies });
  }

  const row = async (playerId: string) => (await server.t.app.db.select().from(players).where(eq(players.playerId, playerId)))[0];

  it("sends the record's id and its fingerprint; the record is verified afterwards", async () => {
    const store = memoryStore();
    const m = manager(store);
    const res = await m.ensure();
    if (!res.ok) throw new Error(res.error.message);
    const id = JSON.parse(store.getItem(identityKeys.identity)!) as { primaryId: string };
    expect(id).toMatchObject({ isVerified: true, sessionCount: 1, deviceFingerprints: ['fp_stable1'] });
    expect(res.value.deviceId).toBe(id.primaryId);
    const p = await row(res.value.playerId);
    expect(p.deviceId).toBe(id.primaryId);
    expect(p.fingerprints).toEqual([expect.objectContaining({ fingerprint: 'fp_stable1', device_id: id.primaryId, identity_id: id.primaryId })]);
  });

  it('is refused by the server when the fingerprint changes between the three readings', async () => {
    let reading = 0;
    const spoofed = () => ({ ...env(), browser_fingerprint: `fp_noise${reading++}` });
    const res = await manager(memoryStore(), spoofed).ensure();
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.cause?.apiCode).toBe(403);
  });

  it('sends the pending invite with init, and forgets it once the player exists', async () => {
    const inviter = await manager().ensure();
    if (!inviter.ok) throw new Error(inviter.error.message);
    const store = memoryStore();
    keepInvite(store, inviter.value.playerId);
    const res = await manager(store).ensure();
    if (!res.ok) throw new Error(res.error.message);
    expect(pendingInvite(store)).toBeNull();
    const invitee = await row(res.value.playerId);
    const [invite] = await server.t.app.db.select().from(invites).where(eq(invites.inviteeRef, invitee.id));
    // Same test machine, same address: recorded, and refused for it.
    expect(invite).toMatchObject({ inviterRef: (await row(inviter.value.playerId)).id, status: 'refused', reason: 'same_address' });
  });

  it('drops a pending invite when this browser already has its player', async () => {
    const store = memoryStore();
    const first = await manager(store).ensure();
    if (!first.ok) throw new Error(first.error.message);
    keepInvite(store, 'P0000000000000001');
    const again = await manager(store).ensure();
    expect(again.ok && again.value.playerId).toBe(first.value.playerId);
    expect(pendingInvite(store)).toBeNull();
  });

  it('keeps the credential in its cookie: a browser whose local storage was cleared keeps its player', async () => {
    const jar = fakeJar();
    const first = await manager(memoryStore(), env, jar).ensure();
    if (!first.ok) throw new Error(first.error.message);
    const again = await manager(memoryStore(), env, jar).ensure();
    expect(again.ok && again.value.playerId).toBe(first.value.playerId);
    expect(again.ok && again.value.deviceId).toBe(first.value.deviceId);
  });

  it('ignores an invite code that breaks the rule, so init still works', () => {
    const store = memoryStore();
    keepInvite(store, "P1' OR 1=1");
    expect(pendingInvite(store)).toBeNull();
    store.setItem(identityKeys.pendingInvite, 'x'.repeat(65));
    expect(pendingInvite(store)).toBeNull();
  });
});
