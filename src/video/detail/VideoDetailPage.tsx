// The video detail page (n=video-detail, spec 2 §2.4): poster, title, "watch
// all" and "random watch", metadata lines, the plot, the play routes, related
// videos and three ad slots; loading / error with retry / loaded / "video
// does not exist". Data and its states come from useVideoDetail; the pieces
// below only render them.

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdSlotId } from '../../api/app-config';
import type { CatalogueVideo } from '../../api/catalogue-schemas';
import { goBack, navigateTo, replaceParams, routerState } from '../../router/router-store';
import { useRoute } from '../../router/useRoute';
import { videoRoutes } from '../../feed';
import { videoTitle } from '../../i18n/video-title';
import { inIdle } from '../../lib/first-play';
import { loadHls } from '../../player/hls-load';
import { ExpandIcon, PlayIcon } from '../../ui/icons';
import { ImageWithFallback } from '../../ui/ImageWithFallback';
import { Skeleton } from '../../ui/Skeleton';
import { BackButton } from './BackButton';
import { backHintKey } from './back-hints';
import { metadataLines } from './metadata';
import { PageAd } from './PageAd';
import { plotView } from './plot';
import { RelatedGrid } from './RelatedGrid';
import { RouteList } from './RouteList';
import { StatePanel } from './StatePanel';
import { useCategoryNames, videoCategory } from './useCategoryNames';
import { detailConfig } from './config';
import { useVideoDetail } from './useVideoDetail';
import { backDestination, detailPageParams, feedParams, originOf, playPageParams, type OriginParams } from './video-links';
import './video-pages.css';

export default function VideoDetailPage() {
  const { t } = useTranslation('detail');
  const route = useRoute();
  const router = useSnapshot(routerState);
  const vid = route.params.vid ?? null;
  const origin = originOf(route.params);
  const { state, retry, togglePlot } = useVideoDetail(vid, 'detail:errors.loadFailed');
  const scroller = useRef<HTMLDivElement>(null);
  const categoryNames = useCategoryNames();

  // vid and i both carry the video id (spec 2 §2.4); a new video starts at the top.
  useEffect(() => {
    if (vid !== null && route.params.i !== String(vid)) replaceParams({ i: String(vid) });
    scroller.current?.scrollTo({ top: 0 });
  }, [vid]);

  // Its play buttons open pages that play: hls.js comes while the visitor reads (a visit begun on discover has not got it).
  useEffect(() => inIdle(window, () => void loadHls().catch(() => undefined), detailConfig.hlsWarmLatestMs), []);

  const destination = backDestination(router.stack, router.route);
  return (
    <div className="cf-video-page" ref={scroller} data-testid="video-detail" data-status={state.status}>
      <header className="cf-video-header" data-top-bar>
        <BackButton label={t('back')} hintKey={backHintKey(destination)} onBack={() => goBack()} />
        <h1 className="cf-video-header__title">{t('header')}</h1>
      </header>
      <PageAd slot={AdSlotId.HeaderBarBottom} />
      {state.status === 'loading' ? <DetailSkeleton /> : null}
      {state.status === 'error' ? <StatePanel message={t('errors.loadFailed')} action={t('common:retry')} onAction={retry} /> : null}
      {state.status === 'missing' ? <StatePanel message={t('errors.notExists')} action={t('back')} onAction={() => goBack()} /> : null}
      {state.status === 'invalid' ? <StatePanel message={t('errors.invalidId')} action={t('back')} onAction={() => goBack()} /> : null}
      {state.status === 'loaded' && state.video ? (
        <DetailBody
          video={state.video}
          origin={origin}
          plotExpanded={state.plotExpanded}
          onTogglePlot={togglePlot}
          related={state.related}
          relatedLoading={state.relatedStatus === 'loading'}
          categoryNames={categoryNames}
        />
      ) : null}
    </div>
  );
}

export interface DetailBodyProps {
  video: CatalogueVideo;
  origin: OriginParams;
  plotExpanded: boolean;
  onTogglePlot(): void;
  related: readonly CatalogueVideo[];
  relatedLoading: boolean;
  categoryNames: ReadonlyMap<number, string>;
}

export function DetailBody({ video, origin, plotExpanded, onTogglePlot, related, relatedLoading, categoryNames }: DetailBodyProps) {
  const { t, i18n } = useTranslation('detail');
  const vid = video.vod_id;
  const title = videoTitle(video, i18n.language);
  const routes = videoRoutes(video.vod_play_url, video.vod_play_from);
  const plot = plotView(video.vod_content, plotExpanded);
  const play = (routeIndex: number) => navigateTo('video-play', playPageParams(vid, routeIndex, origin));

  return (
    <>
      <section className="cf-detail__hero">
        <span className="cf-detail__poster">
          <ImageWithFallback
            src={video.vod_pic}
            alt={title}
            eager
            fallback={
              <span className="cf-detail__poster-icon" data-testid="detail-poster-fallback">
                <ExpandIcon size={40} />
              </span>
            }
          />
        </span>
        <div className="cf-detail__intro">
          <h2 className="cf-detail__title" data-testid="detail-title">{title}</h2>
          <div className="cf-detail__actions">
            <button type="button" className="cf-video-button cf-video-button--primary" data-testid="watch-all" onClick={() => play(0)}>
              <PlayIcon size={18} />
              {t('watchAll')}
            </button>
            <button type="button" className="cf-video-button" data-testid="random-watch" onClick={() => navigateTo('douyin', feedParams(vid))}>
              {t('randomWatch')}
            </button>
          </div>
        </div>
      </section>
      <dl className="cf-detail__meta" data-testid="detail-meta">
        {metadataLines(video, { category: videoCategory(video, categoryNames), language: i18n.language }).map((line) => (
          <div key={line.field} className="cf-detail__meta-line" data-field={line.field}>
            <dt>{t(line.labelKey)}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <PageAd slot={AdSlotId.PlotSectionTop} />
      <section className="cf-video-section" aria-labelledby="cf-detail-plot">
        <h3 id="cf-detail-plot" className="cf-video-section__title">{t('plot.title')}</h3>
        {plot.empty ? (
          <p className="cf-detail__plot cf-detail__plot--empty">{t('plot.empty')}</p>
        ) : (
          <p className="cf-detail__plot" data-testid="detail-plot">{plot.text}</p>
        )}
        {plot.collapsible ? (
          <button type="button" className="cf-video-link" aria-expanded={plotExpanded} data-testid="plot-toggle" onClick={onTogglePlot}>
            {plotExpanded ? t('plot.collapse') : t('plot.expand')}
          </button>
        ) : null}
      </section>
      {routes.length > 0 ? (
        <section className="cf-video-section" aria-labelledby="cf-detail-routes">
          <h3 id="cf-detail-routes" className="cf-video-section__title">{t('routes.title')}</h3>
          <RouteList routes={routes} activeIndex={null} onSelect={play} />
        </section>
      ) : null}
      <RelatedGrid
        title={t('related.title')}
        videos={related}
        loading={relatedLoading}
        categoryNames={categoryNames}
        onOpen={(v) => navigateTo('video-detail', detailPageParams(v.vod_id, origin))}
      />
      <PageAd slot={AdSlotId.VideoDetailBottom} />
    </>
  );
}

function DetailSkeleton() {
  return (
    <div className="cf-detail__skeleton" data-testid="detail-loading" aria-busy="true">
      <section className="cf-detail__hero">
        <span className="cf-detail__poster">
          <Skeleton height="100%" radius="m" />
        </span>
        <div className="cf-detail__intro">
          <Skeleton lines={2} />
          <Skeleton height="var(--cf-touch)" radius="pill" />
        </div>
      </section>
      <Skeleton lines={4} />
    </div>
  );
}
