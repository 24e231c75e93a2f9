// Floating actions on the right (thumb reach): mute, picture-in-picture and
// fullscreen. Icon-only buttons with labels; PiP and fullscreen only where the
// browser offers them, and not on a video ad (only its sound is the visitor's:
// the column stays one button tall beside the ad's panel, issue 16 point 2).

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { FullscreenIcon, MutedIcon, PipIcon, UnmutedIcon } from '../../ui/icons';

export interface SideActionsProps {
  muted: boolean;
  onToggleMute(): void;
  video: HTMLVideoElement | null;
  frame: HTMLElement | null;
  /** A video ad is on screen: the mute button only. */
  muteOnly?: boolean;
}

function canPip(video: HTMLVideoElement | null): boolean {
  return !!video && typeof document !== 'undefined' && document.pictureInPictureEnabled === true && !video.disablePictureInPicture;
}

export const SideActions = memo(function SideActions({ muted, onToggleMute, video, frame, muteOnly = false }: SideActionsProps) {
  const { t } = useTranslation('feedpage');
  const togglePip = () => {
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture().catch(() => undefined);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void frame?.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <div className="cf-side-actions">
      <button type="button" className="cf-round-button" aria-label={muted ? t('controls.unmute') : t('controls.mute')} aria-pressed={muted} onClick={onToggleMute} data-testid="mute-toggle">
        {muted ? <MutedIcon aria-hidden="true" /> : <UnmutedIcon aria-hidden="true" />}
      </button>
      {!muteOnly && canPip(video) ? (
        <button type="button" className="cf-round-button" aria-label={t('controls.pip')} onClick={togglePip}>
          <PipIcon aria-hidden="true" />
        </button>
      ) : null}
      {!muteOnly && frame && typeof frame.requestFullscreen === 'function' ? (
        <button type="button" className="cf-round-button" aria-label={t('controls.fullscreen')} onClick={toggleFullscreen}>
          <FullscreenIcon aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
});
