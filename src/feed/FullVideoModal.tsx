// Full-video mode (`full`): the clean (ad-free) full playlist from 0 in a
// modal over the feed, with its own <video>, controller and player state
// (spec 3 §2 "Full video modal"; §4 "Full versus short"). Escape or the close
// button closes it; the modal locks body scroll; the feed's video was paused
// by the page when this opened, and on close the clip plays on from where it
// was (full-video-return.ts).
// Where the clean playlist cannot be made, the original plays with the
// ad-aware seeking of spec 3 §4 "Ad skipping" (the controller binds it).
// The playback itself is src/player/full-video-player.ts (shared with the
// video play page); the modal's content, with its footer ad slot (spec 3 §2),
// is its own chunk (FullVideoBody.tsx), loaded on first open.

import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedVideoItem } from './feed-item';
import type { HlsPool } from '../player/hls-pool';
import { Modal } from '../ui/Modal';
import { lazyWhenOnline } from '../notices/lazy-when-online';
import type { ClipPrep } from './clip-prep';

// While the server cannot be reached, fetched when it answers (a failed fetch would stay failed: lazy-when-online.ts).
const FullVideoBody = lazyWhenOnline(() => import('./FullVideoBody'));

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
      {item && pool && prep ? (
        <Suspense fallback={<div className="cf-full__loading" role="status">{t('full.loading')}</div>}>
          <FullVideoBody item={item} pool={pool} prep={prep} muted={muted} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
