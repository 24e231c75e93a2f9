import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../../server/routes/partner/html';
import { accountPage } from '../../server/routes/partner/pages';
import { signToken } from '../../server/services/sso/tokens';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

describe('partner HTML', () => {
  it('escapes every interpolated string and keeps only markup it built', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'" onmouseover="x'}">${inner}${[html`<u>${'&'}</u>`]}${7}</p>`.value).toBe('<p title="&quot; onmouseover=&quot;x"><b>&lt;i&gt;</b><u>&amp;</u>7</p>');
  });

  it('cannot be made to run script by a hostile account name or return address', () => {
    const out = accountPage({ ok: true, accountId: '<img src=x onerror=alert(1)>', playerId: 'P"><script>', points: 5, signedOnAt: new Date(0), returnUrl: '/?accessToken="><script>alert(1)</script>' });
    expect(out).not.toMatch(/<img|<script/);
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('href="/?accessToken=&quot;&gt;&lt;script&gt;');
  });
});

describe.each(databaseKinds)('demo partner site on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('shows its home page without a token, linking back to the app', async () => {
    const r = await get('/partner/');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.body).toContain('<h1>win667</h1>');
    expect(r.body).toContain('Junte 1.000 pontos');
    expect(r.body).toContain('<a href="/" class="back">Voltar ao app</a>');
  });

  it('sends no referrer, allows no script and is never cached', async () => {
    const r = await get('/partner/?token=abc');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('redirects /partner to /partner/ keeping the query', async () => {
    const r = await get('/partner?token=abc');
    expect(r.statusCode).toBe(301);
    expect(r.headers.location).toBe('/partner/?token=abc');
  });

  it('refuses bad tokens with a clear page and a link back', async () => {
    const secret = t.config.ssoSecret ?? '';
    const expired = await signToken(secret, 'sso', { playerId: 'P1', accountId: 'w667_x' }, 300, new Date(Date.now() - 600_000));
    const forged = await signToken('someone-elses-secret-0123456789abcdefgh', 'sso', { playerId: 'P1', accountId: 'w667_x' }, 300);
    const returnKind = await signToken(secret, 'return', { playerId: 'P1' }, 300);
    const unknownPlayer = await signToken(secret, 'sso', { playerId: 'PNOBODY', accountId: 'w667_x' }, 300);
    const cases: [string, string, RegExp][] = [
      [expired.token, 'expired', /expirou/],
      [forged.token, 'signature', /assinatura incorreta/],
      [returnKind.token, 'kind', /não é um link de acesso/],
      [unknownPlayer.token, 'unknown_player', /não existe mais/],
      ['', 'malformed', /incompleto ou corrompido/],
    ];
    for (const [token, reason, text] of cases) {
      const r = await get(`/partner/?token=${encodeURIComponent(token)}`);
      expect(r.statusCode).toBe(401);
      expect(r.body).toContain(`data-reason="${reason}"`);
      expect(r.body).toMatch(text);
      expect(r.body).toContain('<a href="/" class="back">Voltar ao app</a>');
    }
    const twice = await get('/partner/?token=a&token=b');
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('data-reason="malformed"');
  });
});

// Issue 16 point 9: on the partner site "Voltar ao app" was 19 px tall and the balance was not shown.
describe.each(databaseKinds)('demo partner home: the balance and the way back on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PARTNER_POINTS_REQUIRED: '1000' });
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const field = (body: string, name: string) => new RegExp(`data-field="${name}">([^<]*)<`).exec(body)?.[1];

  async function homeLinkOfNewPlayer(): Promise<string> {
    const init = await t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_partner_home' }, remoteAddress: '10.9.0.1' });
    const credential = init.json().data.credential as string;
    const sso = await t.app.inject({ method: 'POST', url: '/api/v1/player/sso', payload: { credential } });
    expect(sso.json().data).toMatchObject({ has_win667: false, redirect_type: 'home', remaining_points: 1000 });
    const link = new URL(sso.json().data.redirect_url as string);
    return `${link.pathname}${link.search}`;
  }

  it("shows the player's balance and what is still needed when the app's partner button sent them", async () => {
    const r = await get(await homeLinkOfNewPlayer());
    expect(r.statusCode).toBe(200);
    expect(field(r.body, 'points')).toBe('0');
    expect(field(r.body, 'needed')).toBe('1.000');
    expect(r.body).toContain('Seus pontos no app');
    expect(r.body).not.toContain('data-field="no-balance"');
  });

  it('the balance is read from a token signed by this server: a forged, foreign or expired one shows none', async () => {
    const secret = t.config.ssoSecret ?? '';
    const forged = await signToken('someone-elses-secret-0123456789abcdefgh', 'visit', { playerId: 'P1', balance: { points: 999_999, needed: 0 } }, 300);
    const expired = await signToken(secret, 'visit', { playerId: 'P1', balance: { points: 5, needed: 995 } }, 300, new Date(Date.now() - 600_000));
    const ssoKind = await signToken(secret, 'sso', { playerId: 'P1', accountId: 'w667_x', balance: { points: 5, needed: 995 } }, 300);
    for (const token of [forged.token, expired.token, ssoKind.token, 'not-a-token']) {
      const r = await get(`/partner/?visit=${encodeURIComponent(token)}`);
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain('data-field="points"');
      expect(r.body).not.toContain('999.999');
      expect(r.body).toContain('data-field="no-balance"');
    }
    const valid = await signToken(secret, 'visit', { playerId: 'P1', balance: { points: 1234, needed: 0 } }, 300);
    expect(field((await get(`/partner/?visit=${encodeURIComponent(valid.token)}`)).body, 'points')).toBe('1.234');
  });

  it('a visit token cannot stand in for a sign-on token', async () => {
    const visit = await signToken(t.config.ssoSecret ?? '', 'visit', { playerId: 'P1', balance: { points: 0, needed: 1000 } }, 300);
    const r = await get(`/partner/?token=${encodeURIComponent(visit.token)}`);
    expect(r.statusCode).toBe(401);
    expect(r.body).toContain('data-reason="kind"');
  });

  it('refuses an oversized visit parameter with a 400, never a 500', async () => {
    const r = await get(`/partner/?visit=${'a'.repeat(5000)}`);
    expect(r.statusCode).toBe(400);
  });

  it('"Voltar ao app" is a 44 px button on every page: the class on each link, and the rule in the page\'s style', async () => {
    const pages = [(await get('/partner/')).body, (await get(await homeLinkOfNewPlayer())).body, (await get('/partner/?token=x')).body];
    for (const body of pages) {
      expect(body).toMatch(/<a href="[^"]*" class="back">Voltar ao app<\/a>/);
      const rule = /\.back\{([^}]*)\}/.exec(body)?.[1] ?? '';
      expect(rule).toContain('min-height:44px');
      expect(rule).toContain('display:inline-flex');
    }
  });
});

describe.each(databaseKinds)('a third-party partner (PARTNER_URL) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PARTNER_URL: 'https://partner.example/home' });
  });
  afterAll(async () => t?.close());

  it('gets no visit token: it learns nothing of a player who has not asked for an account', async () => {
    const init = await t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_partner_3p' }, remoteAddress: '10.9.0.2' });
    const sso = await t.app.inject({ method: 'POST', url: '/api/v1/player/sso', payload: { credential: init.json().data.credential } });
    expect(sso.json().data.redirect_url).toBe('https://partner.example/home');
  });
});
