// The video play page (n=video-play, spec 3 §2): the player in video-play-page
// mode (the whole video, ads removed, from the route the address names),
// title, route tabs when there is more than one route (a switch keeps the
// time; a failed one keeps the old route), related videos and two ad slots;
// loading / error with retry / content. Leaving the page pauses the video
// and destroys its player and hls.js instances.

import Hls from 'hls.js';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdSlotId } from '../../api/app-config';
import type { CatalogueVideo } from '../../api/catalogue-schemas';
import { goBack, navigateTo, replaceParams } from '../../router/router-store';
import { useRoute } from '../../router/useRoute';
import { engineBridge } from '../../worker-bridge/bridge';
import { videoRoutes, type VideoRoute } from '../../feed';
import { videoTitle } from '../../i18n/video-title';
import { adaptationState, engineCallOptions } from '../../player/adaptation';
import type { FullPrepare } from '../../player/full-video-player';
import { createHlsPool, type HlsPool } from '../../player/hls-pool';
import { useFullVideo } from '../../player/useFullVideo';
import { showToast } from '../../notices/store';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { BackButton } from '../detail/BackButton';
import { PageAd } from '../detail/PageAd';
import { RelatedGrid } from '../detail/RelatedGrid';
import { RouteList } from '../detail/RouteList';
import { StatePanel } from '../detail/StatePanel';
import { useCategoryNames } from '../detail/useCategoryNames';
import { useVideoDetail } from '../detail/useVideoDetail';
import { detailPageParams, originOf, type OriginParams } from '../detail/video-links';
import { playPageConfig } from './config';
import { initialRoute, playKey, shouldSwitch } from './play-selection';
import '../detail/video-pages.css';
import './video-play.css';

export default function VideoPlayPage() {
  const { t } = useTranslation('play');
  const route = useRoute();
  const vid = route.params.vid ?? null;
  // Spec 3 §8: the play page says a failed load in its error panel, without a toast.
  const { state, retry } = useVideoDetail(vid, null);

  return (
    <div className="cf-video-page" data-testid="video-play" data-status={state.status}>
      <header className="cf-video-header" data-top-bar>
        <BackButton label={t('back')} hintKey="play:backHint" onBack={() => goBack()} />
        <h1 className="cf-video-header__title">{t('header')}</h1>
      </header>
      <PageAd slot={AdSlotId.HeaderBarBottom} />
      {state.status === 'loading' ? <PlayerSkeleton /> : null}
      {state.status === 'invalid' ? <StatePanel message={t('errors.invalidId')} action={t('back')} onAction={() => goBack()} /> : null}
      {state.status === 'error' ? <StatePanel message={t('errors.videoDataLoadFailed')} action={t('common:retry')} onAction={retry} /> : null}
      {state.status === 'missing' ? <StatePanel message={t('errors.notExists')} action={t('back')} onAction={() => goBack()} /> : null}
      {state.status === 'loaded' && state.video ? (
        <PlayBody
          key={state.video.vod_id}
          video={state.video}
          routeParam={route.params.route}
          origin={originOf(route.params)}
          related={state.related}
          relatedLoading={state.relatedStatus === 'loading'}
        />
      ) : null}
      <PageAd slot={AdSlotId.VideoDetailBottom} />
    </div>
  );
}

/** One hls.js pool for the page's life; every instance is destroyed when the page goes. */
function usePagePool(): HlsPool | null {
  const [pool, setPool] = useState<HlsPool | null>(null);
  useEffect(() => {
    const created = createHlsPool({ create: (config) => new Hls(config), memory: () => adaptationState.device.memory, safariTimeouts: () => adaptationState.safari });
    setPool(created);
    return () => {
      created.destroyAll();
      setPool(null);
    };
  }, []);
  return pool;
}

function prepareRoute(route: VideoRoute): FullPrepare {
  return async (signal) => {
    const r = await engineBridge.prepareFull(route.url, { ...engineCallOptions(), context: playPageConfig.engineContext, playFrom: route.playFrom, signal });
    return r.ok ? { ok: true, clip: r.value } : { ok: false, error: r.error };
  };
}

interface PlayBodyProps {
  video: CatalogueVideo;
  routeParam: number | undefined;
  origin: OriginParams;
  related: readonly CatalogueVideo[];
  relatedLoading: boolean;
}

function PlayBody({ video, routeParam, origin, related, relatedLoading }: PlayBodyProps) {
  const { t, i18n } = useTranslation('play');
  const vid = video.vod_id;
  const [routes] = useState(() => videoRoutes(video.vod_play_url, video.vod_play_from));
  const [active, setActive] = useState(() => initialRoute(routes, routeParam));
  const [switching, setSwitching] = useState<number | null>(null);
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const pool = usePagePool();
  const categoryNames = useCategoryNames();
  const { player, snapshot, failureKey } = useFullVideo(element, pool, {
    hlsMode: playPageConfig.hlsMode,
    muted: false,
    prepareFailedKey: 'play:errors.videoLoadFailedRetry',
  });
  const noSource = routes.length === 0;

  // The video has no playable address: say so once (spec 3 §8: playback.noPlayableSource is a toast).
  useEffect(() => {
    if (noSource) showToast('play:errors.noPlayableSource', undefined, { type: 'error' });
  }, [noSource]);

  // Open the address's route when the player is ready; later routes come through switchRoute.
  useEffect(() => {
    if (!player || noSource) return;
    const first = routes[active];
    void player.open(playKey(vid, first.index), prepareRoute(first)).then((outcome) => {
      if (outcome.kind === 'failed') showToast('play:errors.playbackFailed', undefined, { type: 'error' });
    });
    // Only a new player opens: `active` changes through switchRoute, which shows the route itself.
  }, [player]);

  const switchRoute = useCallback(
    (target: number) => {
      if (!player || !shouldSwitch(active, switching, target, routes.length)) return;
      setSwitching(target);
      void player.switchTo(playKey(vid, target), prepareRoute(routes[target])).then((outcome) => {
        setSwitching(null);
        if (outcome.kind === 'shown') {
          setActive(target);
          replaceParams({ route: target, episode: 0 });
        } else if (outcome.kind === 'failed') {
          showToast('play:errors.routeSwitchFailed', undefined, { type: 'error' });
        }
      });
    },
    [player, active, switching, routes, vid],
  );

  const loading = !noSource && !failureKey && (snapshot.status === 'idle' || snapshot.status === 'switching' || snapshot.status === 'loading');
  return (
    <>
      <div className="cf-play__stage" data-testid="play-stage" data-player-status={snapshot.status} data-route={active}>
        {noSource ? (
          <div className="cf-play__panel" role="alert">
            <p>{t('errors.noPlayableSource')}</p>
          </div>
        ) : (
          <video ref={setElement} className="cf-play__video" playsInline controls data-testid="play-video" />
        )}
        {loading ? <Spinner overlay size="small" /> : null}
        {failureKey ? (
          <div className="cf-play__panel" role="alert" data-testid="play-error">
            <p>{t(failureKey)}</p>
            <button type="button" className="cf-video-button cf-video-button--primary" onClick={() => player?.retry()}>
              {t('common:retry')}
            </button>
          </div>
        ) : null}
        {snapshot.autoplayBlocked ? (
          <button type="button" className="cf-play__unmute" onClick={() => player?.setMuted(false)}>
            {t('player:tapToUnmute')}
          </button>
        ) : null}
      </div>
      <h2 className="cf-play__title" data-testid="play-title">{videoTitle(video, i18n.language)}</h2>
      {routes.length > 1 ? (
        <section className="cf-video-section" aria-labelledby="cf-play-routes">
          <h3 id="cf-play-routes" className="cf-video-section__title">{t('routes')}</h3>
          <RouteList routes={routes} activeIndex={active} busy={switching !== null} onSelect={switchRoute} />
        </section>
      ) : null}
      <RelatedGrid
        title={t('related')}
        videos={related}
        loading={relatedLoading}
        categoryNames={categoryNames}
        onOpen={(v) => navigateTo('video-detail', detailPageParams(v.vod_id, origin))}
      />
    </>
  );
}

function PlayerSkeleton() {
  return (
    <div className="cf-play__skeleton" data-testid="play-loading" aria-busy="true">
      <Skeleton aspectRatio="16 / 9" radius="s" />
      <Skeleton lines={2} />
    </div>
  );
}
