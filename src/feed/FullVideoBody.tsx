// The full-video modal's content (FullVideoModal.tsx loads it on first open,
// so neither it nor its footer ad is in the feed's first-visit bundle): the
// modal's own <video> and player, its loading and error states, the progress
// bar and the footer ad slot (spec 3 §2).

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdSlotId } from '../api/app-config';
import { AdSlot } from '../discover';
import type { FeedVideoItem } from './feed-item';
import type { HlsPool } from '../player/hls-pool';
import { useFullVideo } from '../player/useFullVideo';
import { showToast } from '../notices/store';
import type { ClipPrep } from './clip-prep';
import { ProgressBar } from './progress/ProgressBar';
import { useMediaTime } from './progress/useMediaTime';

export default function FullVideoBody({ item, pool, prep, muted }: { item: FeedVideoItem; pool: HlsPool; prep: ClipPrep; muted: boolean }) {
  const { t } = useTranslation('feedpage');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const { player, snapshot: snap, failureKey: failedKey } = useFullVideo(video, pool, { hlsMode: 'modal', muted, prepareFailedKey: 'player:videoLoadFailedCheckNetwork' });
  const time = useMediaTime(video);

  useEffect(() => {
    if (!player) return;
    void player.open(`full-${item.id}`, (signal) => prep.prepareFull(item, signal)).then((outcome) => {
      if (outcome.kind === 'failed') showToast('player:playbackFailed', undefined, { type: 'error' });
    });
  }, [player, item, prep]);

  return (
    <div className="cf-full" data-testid="full-video">
      <video ref={setVideo} className="cf-full__video" playsInline controls={false} data-testid="full-video-element" />
      {/* From the first moment: while the worker prepares the clean playlist nothing plays yet (status idle), and a blank modal reads as broken. */}
      {!failedKey && (snap.status === 'idle' || snap.status === 'loading' || snap.status === 'switching') ? (
        <div className="cf-full__loading" data-testid="full-video-loading" role="status">{t('full.loading')}</div>
      ) : null}
      {failedKey ? (
        <div className="cf-error-panel" role="alert">
          <p>{t(failedKey)}</p>
          <button type="button" className="cf-accent-button" onClick={() => player?.retry()}>{t('common:retry')}</button>
        </div>
      ) : null}
      <ProgressBar currentTime={time.currentTime} duration={time.duration} onSeek={(s) => player?.seek(s)} />
      <div className="cf-full__footer">
        <AdSlot slot={AdSlotId.FullVideoFooter} />
      </div>
    </div>
  );
}
