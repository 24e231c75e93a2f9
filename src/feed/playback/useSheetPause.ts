// A sheet over the feed (credits, help, diagnostics) pauses the clip; closing
// it plays on, unless the visitor had paused it themselves.

import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { sheetsState } from '../../router/sheets';
import { feedState } from '../store';

export function useSheetPause(video: HTMLVideoElement | null): void {
  const sheetOpen = useSnapshot(sheetsState).open !== null;
  useEffect(() => {
    if (!video || !sheetOpen) return;
    const wasPlaying = !video.paused;
    video.pause();
    return () => {
      if (wasPlaying && !feedState.pausedManually) void video.play().catch(() => undefined);
    };
  }, [video, sheetOpen]);
}
