// Sharing (issue 15 "Share videos"): the share sheet where there is one, the
// clipboard otherwise or when the sheet refuses; a cancel is not a failure.
// The shared link names the video on screen and carries the sharer's invite.

import { describe, expect, it, vi } from 'vitest';
import { invitedThisWeek } from '../../src/account/credits/invite';
import { addressWithoutInvite, readInviteCode } from '../../src/account/credits/invite-link';
import { shareLink } from '../../src/account/credits/share';
import { videoShareLink } from '../../src/account/credits/share-link';
import { toCreditTransaction } from '../../src/account/credits/transactions';

const data = { title: 'clipfeed', text: 'Olha este vídeo!', url: 'https://app.example/?n=douyin&i=7' };

describe('shareLink', () => {
  it('uses the share sheet when there is one, and copies nothing', async () => {
    const share = vi.fn(async () => undefined);
    const copy = vi.fn(async () => true);
    expect(await shareLink(data, { share, copy })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(copy).not.toHaveBeenCalled();
  });

  it('copies the link without a share sheet, or when the sheet refuses', async () => {
    const copy = vi.fn(async () => true);
    expect(await shareLink(data, { copy })).toBe('copied');
    expect(await shareLink(data, { share: async () => Promise.reject(new DOMException('no gesture', 'NotAllowedError')), copy })).toBe('copied');
    expect(copy).toHaveBeenCalledWith(data.url);
    expect(await shareLink(data, { copy: async () => false })).toBe('failed');
  });

  it('takes a cancelled share sheet as cancelled, not as a failure to copy around', async () => {
    const copy = vi.fn(async () => true);
    expect(await shareLink(data, { share: async () => Promise.reject(new DOMException('cancel', 'AbortError')), copy })).toBe('cancelled');
    expect(copy).not.toHaveBeenCalled();
  });
});

describe('the shared video link', () => {
  it("names the feed's video, or the video of a detail or play page, with the sharer's invite and nothing else", () => {
    expect(videoShareLink('https://app.example', { page: 'douyin', params: { i: '42', t: '10-40', j: 3 } }, 'PABC')).toBe('https://app.example/?n=douyin&i=42&invite=PABC');
    expect(videoShareLink('https://app.example', { page: 'video-play', params: { vid: 9, route: 1, q: 'x' } }, null)).toBe('https://app.example/?n=video-detail&vid=9&i=9');
    expect(videoShareLink('https://app.example', { page: 'navigation', params: {} }, 'PABC')).toBe('https://app.example/?invite=PABC');
  });
});

describe('the invite on entry', () => {
  it('reads ?invite= and removes it from the address, keeping the rest', () => {
    expect(readInviteCode('?n=douyin&invite=P0123&utm_source=x')).toBe('P0123');
    expect(readInviteCode('?n=douyin&invite=')).toBeNull();
    expect(readInviteCode('')).toBeNull();
    expect(addressWithoutInvite('https://app.example/?n=douyin&invite=P0123&utm_source=x')).toBe('https://app.example/?n=douyin&utm_source=x');
  });

  it("marks the weekly task done when the history shows an invite credited in the visitor's week", () => {
    const row = (timestamp: string, source = 'invite_friend') => toCreditTransaction({ id: 1, type: 'earn', amount: 200, source, timestamp });
    const wednesday = new Date(2025, 2, 12, 12).getTime();
    expect(invitedThisWeek([row(new Date(2025, 2, 10, 9).toISOString())], wednesday)).toBe(true);
    expect(invitedThisWeek([row(new Date(2025, 2, 9, 9).toISOString())], wednesday)).toBe(false);
    expect(invitedThisWeek([row(new Date(2025, 2, 11, 9).toISOString(), 'daily_checkin')], wednesday)).toBe(false);
  });
});
