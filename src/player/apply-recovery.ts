// Applies the immediate recovery actions to the live player: an hls.js
// instance, or for native HLS the <video> itself (a reload stands in for
// hls.js's load and media recovery). Delayed actions (retry-load after N ms,
// skip) are timed by playback-recovery.ts.

import type { HlsLike } from './hls-pool';
import type { RecoveryAction } from './recovery-policy';

export interface RecoverableMedia {
  currentTime: number;
  load(): void;
}

/** Where loading resumes: the playback position, or hls.js's own start (-1) before playback began. */
export function resumePosition(media: RecoverableMedia): number {
  return media.currentTime > 0 ? media.currentTime : -1;
}

export type PlayerRecoveryAction = Extract<RecoveryAction, { type: 'retry-load' | 'restart-load' | 'recover-media' | 'swap-audio-codec-recover' | 'nudge' }>;

export function applyRecovery(hls: HlsLike | null, media: RecoverableMedia, action: PlayerRecoveryAction): void {
  if (action.type === 'nudge') {
    media.currentTime += action.seconds;
    return;
  }
  if (!hls) {
    media.load();
    return;
  }
  switch (action.type) {
    case 'retry-load':
      // hls.js stopped loading on the fatal error; resume where playback is.
      hls.startLoad(resumePosition(media));
      return;
    case 'restart-load':
      hls.stopLoad();
      hls.startLoad(resumePosition(media));
      return;
    case 'recover-media':
      hls.recoverMediaError();
      return;
    case 'swap-audio-codec-recover':
      hls.swapAudioCodec();
      hls.recoverMediaError();
      return;
  }
}
