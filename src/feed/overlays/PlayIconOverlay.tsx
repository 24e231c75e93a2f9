// Big play icon over a paused video (spec 1 §4). Decorative: the tap that
// toggles playback is handled by the video area, so this lets pointers through.

import { PlayIcon } from '../../ui/icons';
import '../../ui/tokens.css';
import './overlays.css';

export function PlayIconOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className="cf-play-overlay" aria-hidden="true">
      <PlayIcon size={72} />
    </div>
  );
}
