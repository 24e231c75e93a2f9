import { describe, expect, it } from 'vitest';
import { playWithFallback, type PlayableMedia } from '../../src/player/autoplay';

class FakeVideo implements PlayableMedia {
  muted = false;
  plays: boolean[] = [];
  constructor(private readonly failures: string[]) {}
  play(): Promise<void> {
    this.plays.push(this.muted);
    const name = this.failures.shift();
    if (!name) return Promise.resolve();
    return Promise.reject(Object.assign(new Error(name), { name }));
  }
}

describe('autoplay fallback', () => {
  it('retries muted when autoplay with sound is blocked, and reports it', async () => {
    const video = new FakeVideo(['NotAllowedError']);
    expect(await playWithFallback(video)).toEqual({ playing: true, mutedByPolicy: true });
    expect(video.plays).toEqual([false, true]);
    expect(video.muted).toBe(true);
  });

  it('plays with sound when allowed', async () => {
    const video = new FakeVideo([]);
    expect(await playWithFallback(video)).toEqual({ playing: true, mutedByPolicy: false });
    expect(video.muted).toBe(false);
  });

  it('an interrupted play() is not an error; other failures are data', async () => {
    expect(await playWithFallback(new FakeVideo(['AbortError']))).toEqual({ playing: false, interrupted: true });
    const failed = await playWithFallback(new FakeVideo(['NotSupportedError']));
    expect(failed).toEqual({ playing: false, interrupted: false, error: { code: 'PLAY_FAILED', messageKey: 'player:playbackFailed', retryable: false } });
  });

  it('a refusal is told in the words its text maps to (spec 3 §8), retryable when it is a network error', async () => {
    const video = new FakeVideo([]);
    video.play = () => Promise.reject(new Error('network error while loading'));
    expect(await playWithFallback(video)).toMatchObject({ error: { code: 'PLAY_FAILED', messageKey: 'player:networkConnectionError', retryable: true } });
    video.play = () => Promise.reject(Object.assign(new Error('The media could not be decoded'), { name: 'NotSupportedError' }));
    expect(await playWithFallback(video)).toMatchObject({ error: { messageKey: 'player:videoFormatNotSupported', retryable: false } });
  });

  it('when even muted playback is blocked, it asks for a tap', async () => {
    const video = new FakeVideo(['NotAllowedError', 'NotAllowedError']);
    expect(await playWithFallback(video)).toMatchObject({ playing: false, error: { code: 'AUTOPLAY_BLOCKED', messageKey: 'player:tapToPlay' } });
    expect(video.plays).toEqual([false, true]);
  });
});
