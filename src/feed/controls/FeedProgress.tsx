// The feed's progress bar in its own component: the media time changes four
// times a second, and only this bar needs to re-render for it, not the page.

import { memo } from 'react';
import { replaceParams } from '../../router/router-store';
import { feedState, noteProgressBarUse } from '../store';
import { ProgressBar } from '../progress/ProgressBar';
import { useMediaTime } from '../progress/useMediaTime';

export interface FeedProgressProps {
  video: HTMLVideoElement | null;
  disabled: boolean;
  onSeek(seconds: number): void;
}

export const FeedProgress = memo(function FeedProgress({ video, disabled, onSeek }: FeedProgressProps) {
  const time = useMediaTime(video);
  return (
    <ProgressBar
      currentTime={time.currentTime}
      duration={time.duration}
      onSeek={onSeek}
      onUse={() => {
        noteProgressBarUse();
        replaceParams({ j: feedState.progressBarUses });
      }}
      disabled={disabled}
    />
  );
});
