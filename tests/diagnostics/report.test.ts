import { describe, expect, it, vi } from 'vitest';
import { medianRtt } from '../../src/diagnostics/browser-facts';
import { allChecks } from '../../src/diagnostics/checks';
import { copyText } from '../../src/lib/clipboard';
import { diagnosticsState, runDiagnostics } from '../../src/diagnostics/diagnostics-store';
import { reportText } from '../../src/diagnostics/report';
import { silentWav } from '../../src/diagnostics/autoplay-probe';
import { browserVersion, detectBrowser, detectOs } from '../../src/lib/browser-kind';
import { healthyPhone } from './fixtures';

/** A translate that shows which key and params were asked for. */
const t = (key: string, params?: Record<string, string | number>) => (params ? `${key}${JSON.stringify(params)}` : key);

describe('the copied report', () => {
  it('has the time, the page, the issues with advice, every tab and the latest errors', () => {
    const facts = healthyPhone({ cores: 2, errors: Array.from({ length: 7 }, (_, i) => `Error ${i}\n   at line ${i}`) });
    const text = reportText(facts, allChecks(facts), t);
    const lines = text.split('\n');
    expect(lines[0]).toBe('diagnostics:report.heading');
    expect(lines[1]).toBe('diagnostics:report.time: 2025-03-10T12:00:00.000Z');
    expect(lines[2]).toBe('diagnostics:report.page: https://app.example/');
    const issues = lines.indexOf('== diagnostics:tabs.issues ==');
    expect(lines[issues + 1]).toBe('[WARN] diagnostics:checks.cores: 2');
    expect(lines[issues + 2]).toBe('  -> diagnostics:advice.lowEndDevice');
    for (const tab of ['device', 'network', 'video', 'browser']) expect(lines).toContain(`== diagnostics:tabs.${tab} ==`);
    expect(text).toContain('[OK] diagnostics:checks.apiRtt: diagnostics:values.rttFast{"ms":80}');
    expect(text).toContain('[--] diagnostics:checks.userAgent: Mozilla/5.0 (Linux; Android 13;');
    // The five latest errors, one line each.
    expect(text).toContain('- Error 6 at line 6');
    expect(text).not.toContain('Error 1');
  });

  it('says when no problem was found and has no error section without errors', () => {
    const facts = healthyPhone();
    const text = reportText(facts, allChecks(facts), t);
    expect(text).toContain('== diagnostics:tabs.issues ==\ndiagnostics:issues.none');
    expect(text).not.toContain('diagnostics:report.errors');
  });
});

describe('clipboard', () => {
  const fakeDocument = (copies: boolean) => {
    const area = { value: '', style: {} as Record<string, string>, setAttribute: vi.fn(), select: vi.fn(), setSelectionRange: vi.fn(), remove: vi.fn() };
    const doc = { createElement: vi.fn(() => area), body: { appendChild: vi.fn() }, execCommand: vi.fn(() => copies) };
    return { area, doc: doc as unknown as Document };
  };

  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn(async () => undefined);
    const { doc } = fakeDocument(true);
    expect(await copyText('report', { clipboard: { writeText }, document: doc })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('report');
    expect(doc.execCommand).not.toHaveBeenCalled();
  });

  it("falls back to a textarea and execCommand('copy') when the API refuses or is missing", async () => {
    const { area, doc } = fakeDocument(true);
    const writeText = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    expect(await copyText('report text', { clipboard: { writeText }, document: doc })).toBe(true);
    expect(area.value).toBe('report text');
    expect(doc.execCommand).toHaveBeenCalledWith('copy');
    expect(area.remove).toHaveBeenCalled();
    expect(await copyText('x', { document: fakeDocument(false).doc })).toBe(false);
    expect(await copyText('x', {})).toBe(false);
  });
});

describe('probes and detection', () => {
  it('the median round trip ignores failed probes', () => {
    expect(medianRtt([120, null, 80, 100])).toBe(100);
    expect(medianRtt([120, 80])).toBe(100);
    expect(medianRtt([null, null])).toBeNull();
  });

  it('the autoplay test clip is a valid silent WAV', () => {
    const wav = silentWav(100, 8000);
    const text = (from: number, to: number) => String.fromCharCode(...wav.slice(from, to));
    expect(wav.length).toBe(144);
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 16)).toBe('WAVEfmt ');
    expect(text(36, 40)).toBe('data');
    const view = new DataView(wav.buffer);
    expect(view.getUint32(4, true)).toBe(136);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(40, true)).toBe(100);
    expect(wav.slice(44).every((b) => b === 128)).toBe(true);
  });

  it('names the browser, its version and the system', () => {
    const samsung = 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
    expect(detectBrowser(samsung)).toBe('samsung');
    expect(browserVersion(samsung)).toBe('Samsung Internet 24');
    expect(detectOs(samsung)).toBe('Android 13');
    expect(detectBrowser(iphone)).toBe('safari-ios');
    expect(browserVersion(iphone)).toBe('Safari 17.2');
    expect(detectOs(iphone)).toBe('iOS 17.2');
    expect(detectOs('')).toBe('');
  });
});

describe('the tool state', () => {
  it('one run at a time; the checks follow the facts', async () => {
    let release: () => void = () => undefined;
    const gather = vi.fn(() => new Promise<ReturnType<typeof healthyPhone>>((resolve) => (release = () => resolve(healthyPhone({ online: false })))));
    const first = runDiagnostics(gather);
    const second = runDiagnostics(gather);
    expect(diagnosticsState.status).toBe('running');
    release();
    await Promise.all([first, second]);
    expect(gather).toHaveBeenCalledOnce();
    expect(diagnosticsState.status).toBe('done');
    expect(diagnosticsState.checks.find((c) => c.id === 'network.online')?.status).toBe('fail');
  });
});
