// Full-video mode (`full`): the clean (ad-free) full playlist from 0 in a
// modal over the feed, with its own <video>, controller and player state
// (spec 3 §2 "Full video modal"; §4 "Full versus short"). Escape or the close
// button closes it; the modal locks body scroll; the feed's video was paused
// by the page when this opened and is not resumed automatically on close.
// Where the clean playlist cannot be made, the original plays with the
// ad-aware seeking of spec 3 §4 "Ad skipping" (the controller binds it).
// The playback itself is src/player/full-video-player.ts (shared with the
// video play page).

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedVideoItem } from './feed-item';
import type { HlsPool } from '../player/hls-pool';
import { useFullVideo } from '../player/useFullVideo';
import { showToast } from '../notices/store';
import { Modal } from '../ui/Modal';
import type { ClipPrep } from './clip-prep';
import { ProgressBar } from './progress/ProgressBar';
import { useMediaTime } from './progress/useMediaTime';

export interface FullVideoModalProps {
  item: FeedVideoItem | null;
  pool: HlsPool | null;
  prep: ClipPrep | null;
  muted: boolean;
  onClose(): void;
}

export function FullVideoModal({ item, pool, prep, muted, onClose }: FullVideoModalProps) {
  const { t } = useTranslation('feedpage');
  return (
    <Modal open={item !== null} onClose={onClose} title={item?.title ?? ''} className="cf-full-modal" closeLabel={t('full.close')}>
      {item && pool && prep ? <FullVideoBody item={item} pool={pool} prep={prep} muted={muted} /> : null}
    </Modal>
  );
}

function FullVideoBody({ item, pool, prep, muted }: { item: FeedVideoItem; pool: HlsPool; prep: ClipPrep; muted: boolean }) {
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
    </div>
  );
}
