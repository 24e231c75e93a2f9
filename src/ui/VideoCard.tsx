// A catalogue video as a card: poster (loaded near the viewport, a grey
// placeholder when missing or broken), the remark badge (when the catalogue
// gives none: the running time in the visitor's language, else "HD", spec 2
// §3) and the title in the interface language. Catalogue
// text is rendered as text, never as markup.

import { useTranslation } from 'react-i18next';
import type { CatalogueVideo } from '../api/catalogue-schemas';
import { plainText } from '../lib/plain-text';
import { runningTime } from '../lib/running-time';
import { videoTitle } from '../i18n/video-title';
import { ImageWithFallback } from './ImageWithFallback';
import './video-card.css';

export interface VideoCardProps {
  video: CatalogueVideo;
  onOpen: (video: CatalogueVideo) => void;
  /** Load the poster at once (cards on the first screen). */
  eager?: boolean;
}

export function VideoCard({ video, onOpen, eager = false }: VideoCardProps) {
  const { t, i18n } = useTranslation('discover');
  const title = videoTitle(video, i18n.language);
  const duration = video.vod_duration && video.vod_duration > 0 ? runningTime(video.vod_duration, i18n.language) : '';
  const badge = plainText(video.vod_remarks) || duration || t('card.hd');
  return (
    <button type="button" className="cf-video-card" data-testid="video-card" data-vid={video.vod_id} onClick={() => onOpen(video)}>
      <span className="cf-video-card__poster">
        <ImageWithFallback src={video.vod_pic} eager={eager} fallback={<span className="cf-video-card__placeholder" data-testid="card-placeholder" />} />
        <span className="cf-video-card__badge">{badge}</span>
      </span>
      <span className="cf-video-card__title">{title}</span>
    </button>
  );
}
