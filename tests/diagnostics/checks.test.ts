import { describe, expect, it } from 'vitest';
import { allChecks, issuesOf } from '../../src/diagnostics/checks';
import type { CheckResult } from '../../src/diagnostics/types';
import { healthyPhone } from './fixtures';

const byId = (checks: CheckResult[], id: string) => {
  const found = checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
};

describe('diagnostic checks', () => {
  it('a healthy phone has no issues, and every tab has checks', () => {
    const checks = allChecks(healthyPhone());
    expect(issuesOf(checks)).toEqual([]);
    for (const tab of ['device', 'network', 'video', 'browser']) expect(checks.some((c) => c.tab === tab), tab).toBe(true);
    expect(new Set(checks.map((c) => c.id)).size).toBe(checks.length);
    expect(byId(checks, 'video.path').value).toEqual({ key: 'diagnostics:values.pathHlsJs' });
    expect(byId(checks, 'network.apiRtt').value).toEqual({ key: 'diagnostics:values.rttFast', params: { ms: 80 } });
    expect(byId(checks, 'device.os').value).toEqual({ text: 'Android 13' });
  });

  it("a low-end device is flagged by the app's own rules (under 4 cores, under 3 GB)", () => {
    const checks = allChecks(healthyPhone({ cores: 2, memoryGb: 2 }));
    expect(byId(checks, 'device.cores')).toMatchObject({ status: 'warn', advice: 'diagnostics:advice.lowEndDevice' });
    expect(byId(checks, 'device.memory')).toMatchObject({ status: 'warn', value: { text: '2 GB' } });
    // Unknown values are information, not problems.
    expect(issuesOf(allChecks(healthyPhone({ cores: null, memoryGb: null })))).toEqual([]);
  });

  it('network: offline and an unreachable server fail; a slow round trip or 3g warns', () => {
    const down = allChecks(healthyPhone({ online: false, apiRttMs: null }));
    expect(byId(down, 'network.online').status).toBe('fail');
    expect(byId(down, 'network.apiRtt')).toMatchObject({ status: 'fail', value: { key: 'diagnostics:values.unreachable' } });
    const slow = allChecks(healthyPhone({ apiRttMs: 900, connection: { effectiveType: '3g', saveData: true } }));
    expect(byId(slow, 'network.apiRtt')).toMatchObject({ status: 'warn', value: { key: 'diagnostics:values.rttSlow', params: { ms: 900 } } });
    expect(byId(slow, 'network.type').status).toBe('warn');
    expect(byId(slow, 'network.saveData').status).toBe('warn');
    expect(byId(allChecks(healthyPhone({ apiRttMs: 300 })), 'network.apiRtt').value).toEqual({ key: 'diagnostics:values.rttMedium', params: { ms: 300 } });
  });

  it('an iPhone without MSE still plays through native HLS', () => {
    const checks = allChecks(healthyPhone({ mse: false, managedMse: false, codecs: null, hlsJs: false, nativeHls: 'maybe' }));
    expect(byId(checks, 'video.path')).toMatchObject({ status: 'ok', value: { key: 'diagnostics:values.pathNative' } });
    expect(byId(checks, 'video.mse').status).toBe('info');
    expect(byId(checks, 'video.h264').value).toEqual({ key: 'diagnostics:values.unknown' });
    // canPlayType's own word ('maybe') is not shown raw: the language pack says it.
    expect(byId(checks, 'video.nativeHls').value).toEqual({ key: 'diagnostics:values.canPlayMaybe' });
    expect(byId(allChecks(healthyPhone({ nativeHls: 'probably' })), 'video.nativeHls').value).toEqual({ key: 'diagnostics:values.canPlayProbably' });
    expect(issuesOf(checks)).toEqual([]);
  });

  it('Safari with ManagedMediaSource counts as MSE', () => {
    const checks = allChecks(healthyPhone({ mse: false, managedMse: true }));
    expect(byId(checks, 'video.mse')).toMatchObject({ status: 'ok', value: { key: 'diagnostics:values.managedMse' } });
  });

  it('no HLS at all fails, with the M3U8 advice; a missing H.264 decoder fails; no HEVC is fine', () => {
    const none = allChecks(healthyPhone({ mse: false, codecs: null, hlsJs: false, nativeHls: '' }));
    expect(byId(none, 'video.path')).toMatchObject({ status: 'fail', advice: 'diagnostics:advice.noPlayback' });
    const noH264 = allChecks(healthyPhone({ codecs: { h264: false, h264High: false, aac: true, hevc: false } }));
    expect(byId(noH264, 'video.h264')).toMatchObject({ status: 'fail', advice: 'diagnostics:advice.codecMissing' });
    expect(byId(noH264, 'video.h264High').status).toBe('info');
    expect(byId(noH264, 'video.hevc').status).toBe('info');
  });

  it('autoplay: muted-only warns, blocked fails', () => {
    expect(byId(allChecks(healthyPhone({ autoplay: 'allowed-muted' })), 'video.autoplay')).toMatchObject({ status: 'warn', advice: 'diagnostics:advice.autoplayMuted' });
    expect(byId(allChecks(healthyPhone({ autoplay: 'disallowed' })), 'video.autoplay')).toMatchObject({ status: 'fail', advice: 'diagnostics:advice.autoplayBlocked' });
    expect(byId(allChecks(healthyPhone({ autoplay: 'unknown' })), 'video.autoplay').status).toBe('info');
  });

  it('browser: blocked storage, a full quota and session errors are issues; failures come first', () => {
    const checks = allChecks(
      healthyPhone({ storage: { local: false, session: true, indexedDb: false, usageMb: 1990, quotaMb: 2000 }, errors: ['TypeError: x is undefined'], cores: 2 }),
    );
    expect(byId(checks, 'browser.localStorage')).toMatchObject({ status: 'fail', advice: 'diagnostics:advice.noLocalStorage' });
    expect(byId(checks, 'browser.quota')).toMatchObject({ status: 'warn', advice: 'diagnostics:advice.lowQuota' });
    expect(byId(checks, 'browser.errors')).toMatchObject({ status: 'warn', value: { text: '1' } });
    const issues = issuesOf(checks);
    expect(issues[0].id).toBe('browser.localStorage');
    expect(issues.map((i) => i.status)).toEqual(['fail', 'warn', 'warn', 'warn']);
    expect(issues.every((i) => i.advice)).toBe(true);
  });
});
