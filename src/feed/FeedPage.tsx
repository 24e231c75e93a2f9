// The feed (n=douyin): full-screen swipe playback. This component only wires
// stores and modules together: items and navigation in store.ts, playback on
// its one route (playback/route.ts: worker-prepared clips through pooled
// hls.js), watch time and points in account/, address sync in feed-query.ts.

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot, type Snapshot } from 'valtio';
import { replaceParams, routerState } from '../router/router-store';
import { isAdItem, type FeedItem } from './feed-item';
import { playerState } from '../player/player-state';
import { accountState, pointsConfig, TopNavCredits } from '../account';
import { feedState, initFeed, mayMoveOn, nextVideo, noteActivity, notePlaying, prevVideo, restoreFromAddress, setMuted, setPausedManually } from './store';
import { showCenterTip, showToast } from '../notices/store';
import { Spinner } from '../ui/Spinner';
import { ExpandIcon } from '../ui/icons';
import { FeedProgress } from './controls/FeedProgress';
import { SideActions } from './controls/SideActions';
import { PointsWidget } from './controls/PointsWidget';
import { SourceBar } from './controls/SourceBar';
import { SourceSheet } from './controls/SourceSheet';
import { clipParam } from './feed-query';
import { FullVideoModal } from './FullVideoModal';
import { PlayIconOverlay } from './overlays/PlayIconOverlay';
import { RewardBurst } from './overlays/RewardBurst';
import { UnmuteHint } from './overlays/UnmuteHint';
import { feedPlaybackConfig } from './playback/config';
import { afterClipStarts } from './playback/first-frame';
import { useTransitionSnapshot } from '../lib/use-transition-snapshot';
import { recordClipStart } from '../analytics/start';
import { escalateFailure } from './playback/retry-flow';
import { feedTimeline } from './playback/timeline';
import { useSheetPause } from './playback/useSheetPause';
import { useWatchReport } from './playback/useWatchReport';
import { enterItem, startFeed } from './playback/route';
import { useFeedPlayback } from './playback/useFeedPlayback';
import { AdCard } from './slides/AdCard';
import { FeedSlide } from './slides/FeedSlide';
import { useFirstPosterLayer } from './slides/first-poster';
import { useWarmNeighbours } from './slides/poster-warm';
import { useSlideVideos } from './slides/useSlideVideos';
import { noteShortClipPlaying } from './short-clip-plays';
import { SwipeGuide } from './SwipeGuide';
import { useFeedKeys } from './controls/useFeedKeys';
import { useFullVideoMode } from './full-video-mode';
import { Swiper } from './swiper/Swiper';
import { ResetZoomButton } from './zoom/ResetZoomButton';
import { useZoomPan } from './zoom/useZoomPan';
import './feed-page.css';

// What the page reads of its stores, rendered as transitions (use-transition-snapshot.ts says why).
const feedFields = (f: Snapshot<typeof feedState>) => ({ items: f.items, currentIndex: f.currentIndex, errorKey: f.errorKey, muted: f.muted, pausedManually: f.pausedManually, keepingPlace: f.keepingPlace });
const playerFields = (p: Snapshot<typeof playerState>) => ({ status: p.status, error: p.error, autoplayBlocked: p.autoplayBlocked });

export function FeedPage() {
  const { t } = useTranslation('feedpage');
  // The address as it was on entry, read once without subscribing: the page writes i/t/j/mute/full
  // itself, and re-rendering on each of those writes would double the work of every swipe.
  const [route] = useState(() => routerState.route);
  const feed = useTransitionSnapshot(feedState, feedFields);
  const player = useTransitionSnapshot(playerState, playerFields);
  const account = useSnapshot(accountState);
  const sectionRef = useRef<HTMLElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [playingKey, setPlayingKey] = useState<string | null>(null);
  // Neighbours' posters wait for the first clip to play (its first fragment needs the whole link), and after each
  // swipe for the landed clip to play or the next clip's first fragment (or the hold's cap), whichever comes first.
  const [firstPlayed, setFirstPlayed] = useState(false);
  const [neighboursReady, setNeighboursReady] = useState(false);
  const [fullOpen, setFullOpen] = useState(route.params.full === true);
  const lastSwitchAt = useRef(0);
  // The item whose clip was started the moment its slide landed (before the page's own update).
  const landed = useRef<string | null>(null);
  const retriedKey = useRef<string | null>(null);
  const current = (feed.items[feed.currentIndex] as FeedItem | undefined) ?? null;
  const currentRef = useRef(current);
  currentRef.current = current;
  const currentId = current?.id ?? null;
  // Every slide has its own <video>; `video` is the current slide's.
  const slideVideos = useSlideVideos(currentId);
  const video = slideVideos.current;

  const playback = useFeedPlayback(video, {
    playing(item, clip) {
      setPlayingKey(item.id);
      setFirstPlayed(true);
      noteShortClipPlaying(item, clip);
      if (isAdItem(item)) return;
      notePlaying(item.id);
      recordClipStart(item.vod_id);
      replaceParams({ i: String(item.vod_id), ...(clip ? { t: clipParam(clip) } : {}) });
    },
    ended: () => void nextVideo(),
    nextReady: () => setNeighboursReady(true),
    skip(_item, messageKey) {
      showToast(messageKey, undefined, { type: 'warning' });
      void nextVideo();
    },
    // The controller put the error in playerState (the panel shows it); a retried item failing again escalates.
    error(item) {
      const retried = retriedKey.current;
      retriedKey.current = null;
      escalateFailure(retried, item.id, (key) => showToast(key, undefined, { type: 'error' }));
    },
  });
  const retry = () => {
    if (!current) return;
    retriedKey.current = current.id;
    showToast('player:reloading', undefined, { type: 'info' });
    playback.player?.controller.retry();
  };

  // Enter the feed: mute and j from the address, then the playback route (the address's item and clip window first;
  // on a cold start the shell started it already and this joins it). Only on entry: later address changes come from the feed itself.
  useEffect(() => {
    restoreFromAddress({ muted: route.params.mute === true, progressBarUses: route.params.j });
    void startFeed({ restoreId: route.params.i, clipRange: route.params.t });
  }, []);

  // A new current item: play it (in its slide's element), plan the next ones, tell the points tracker.
  useEffect(() => {
    if (!playback.player || !currentId) return;
    // The store's item (not the render snapshot): it carries the restored range.
    const item = feedState.items[feedState.currentIndex] as FeedItem | undefined;
    const element = item ? slideVideos.get(item.id) : null;
    if (!item || !element) return;
    const playing = landed.current === item.id;
    landed.current = null;
    if (!playing) {
      lastSwitchAt.current = Date.now();
      feedTimeline(item);
    }
    setPlayingKey((key) => (playing && key === item.id ? key : null));
    setNeighboursReady(false);
    const postersAnyway = setTimeout(() => setNeighboursReady(true), feedPlaybackConfig.holdMaxMs);
    // The switch (detach + attach) and the bookkeeping after it each run in their own task, not in React's commit.
    const cancelSteps = enterItem(playback.player, item, element, playing);
    return () => {
      cancelSteps();
      clearTimeout(postersAnyway);
    };
  }, [playback.player, currentId, slideVideos.get]);

  useWatchReport(video, currentRef);

  // Reward: the centre tip for 5 s (spec 1 §4 "Reward"; the points burst is rendered below while its flag is on).
  const reward = account.reward;
  useEffect(() => {
    if (reward && account.showRewardTip) showCenterTip({ key: 'account:rewardEarned', params: { earned: reward.earned } }, pointsConfig.rewardTipMs);
  }, [reward, account.showRewardTip]);

  const zoom = useZoomPan(frameRef, contentRef, { resetKey: currentId });

  // At least 500 ms between switches (spec 1 §4): a swipe that comes sooner is carried out when the time is up, not dropped.
  const pendingSwitch = useRef<(() => void) | null>(null);
  useEffect(() => () => pendingSwitch.current?.(), []);
  const switchTo = (direction: 'next' | 'prev') => {
    noteActivity();
    if (pendingSwitch.current || (direction === 'next' && !mayMoveOn())) return;
    const wait = lastSwitchAt.current + feedPlaybackConfig.minSwitchIntervalMs - Date.now();
    const go = () => {
      pendingSwitch.current = null;
      void Promise.resolve(direction === 'next' ? nextVideo() : prevVideo()).then(restoreIfStayed);
    };
    if (wait > 0) {
      const timer = setTimeout(go, wait);
      pendingSwitch.current = () => clearTimeout(timer);
      return;
    }
    // The landed clip plays now; the page's update (a render) waits for its start, briefly.
    const landedOn = landClip(direction);
    if (landedOn) pendingSwitch.current = afterClipStarts(landedOn, go, feedPlaybackConfig.landingUpdateMaxWaitMs);
    else go();
  };

  const playerRef = useRef(playback.player);
  playerRef.current = playback.player;
  const seek = useCallback((seconds: number) => playerRef.current?.controller.seek(seconds), []);
  const toggleMute = useCallback(() => {
    const muted = !feedState.muted;
    setMuted(muted);
    playerRef.current?.controller.setMuted(muted);
    replaceParams({ mute: muted });
  }, []);

  const togglePause = () => {
    if (!video || !current) return;
    noteActivity();
    if (video.paused) {
      setPausedManually(false);
      void video.play().catch(() => undefined);
    } else {
      setPausedManually(true);
      video.pause();
    }
  };

  useSheetPause(video);
  useFeedKeys(!fullOpen, { toggleMute, togglePause });

  const { openFull, closeFull } = useFullVideoMode(setFullOpen, current, video, playback.player);

  const items = feed.items as FeedItem[];
  const index = feed.currentIndex;
  const slide = (offset: -1 | 0 | 1) => items[index + offset] ?? null;
  const loadingFirst = items.length === 0 && !feed.errorKey;
  useWarmNeighbours(items, index, firstPlayed && (neighboursReady || (playingKey !== null && playingKey === currentId)));
  useFirstPosterLayer(currentId, items.length === 0 && !!feed.errorKey);
  // On an ad the controls give way to the ad's panel (issue 16 point 2): no side buttons beside an image, only mute
  // beside a video; no points row (an ad earns no watch progress; the balance stays in the top bar).
  const adType = current && isAdItem(current) ? current.adType : null;

  // A swipe starts: the incoming item's preloaded clip goes into its own slide's element while the slide moves in.
  const beginSwitch = (direction: 'next' | 'prev') => {
    const target = slide(direction === 'next' ? 1 : -1);
    const element = target ? slideVideos.get(target.id) : null;
    if (target && element) playback.player?.beginSwitch(target, element);
  };
  // The feed did not move after all (the server went away between the release and the update, or there was no previous
  // item): the landed clip is not the one on screen, so the current item plays again in its own element. Otherwise
  // nothing would re-enter it, and the visitor would be left on a paused 0:00 after the outage (issue 16 point 4).
  function restoreIfStayed(): void {
    const target = landed.current;
    const item = feedState.items[feedState.currentIndex] as FeedItem | undefined;
    if (!target || !item || item.id === target) return;
    landed.current = null;
    const element = slideVideos.get(item.id);
    if (element) playback.player?.show(item, feedState.muted, element);
  }
  // The slide has landed on an item that exists: its clip plays now, ahead of the page's update (the effect above then only does the bookkeeping).
  function landClip(direction: 'next' | 'prev'): HTMLVideoElement | null {
    const target = slide(direction === 'next' ? 1 : -1);
    const element = target ? slideVideos.get(target.id) : null;
    if (!target || !element || !playback.player) return null;
    landed.current = target.id;
    lastSwitchAt.current = Date.now();
    feedTimeline(target);
    playback.player.show(target, feedState.muted, element);
    // An image ad has nothing to wait for.
    return isAdItem(target) && target.adType === 'image' ? null : element;
  }

  return (
    <section ref={sectionRef} className="cf-feed" aria-label={t('label')} data-testid="feed" data-player-status={player.status} data-index={index} data-count={items.length}>
      <Swiper
        activeKey={currentId ?? 'empty'}
        canGoPrev={index > 0}
        canGoNext={index < items.length - 1 && !feed.keepingPlace}
        locked={zoom.zoomed}
        onSwipe={switchTo}
        onEdge={switchTo}
        label={t('label')}
        slideKey={(offset) => slide(offset)?.id ?? null}
        onSwipeStart={beginSwitch}
        onSwipeCancel={() => playback.player?.cancelSwitch()}
        renderSlide={(offset) => {
          const item = slide(offset);
          if (!item) return offset === 0 ? <div className="cf-slide cf-slide--current" data-testid="current-slide" data-item-id="" /> : null;
          const isCurrent = offset === 0;
          return (
            <FeedSlide
              item={item}
              current={isCurrent}
              waiting={isCurrent && playingKey !== item.id && player.status !== 'error'}
              videoRef={slideVideos.refFor(item.id)}
              frameRef={isCurrent ? frameRef : undefined}
              contentRef={isCurrent ? contentRef : undefined}
              onVideoClick={togglePause}
              playingId={playingKey ?? ''}
            >
              {isCurrent && isAdItem(item) ? <AdCard ad={item} /> : null}
              {isCurrent ? <PlayIconOverlay visible={feed.pausedManually && player.status === 'paused'} /> : null}
              {isCurrent && player.error && !isAdItem(item) ? (
                <div className="cf-error-panel" role="alert" data-no-swipe>
                  <p>{t(player.error.messageKey)}</p>
                  <button type="button" className="cf-accent-button" onClick={retry}>{t('common:retry')}</button>
                </div>
              ) : null}
            </FeedSlide>
          );
        }}
      >
        <SourceBar />
        <div className="cf-top-actions">
          <TopNavCredits />
          <ResetZoomButton visible={zoom.zoomed} onReset={zoom.reset} />
          {zoom.gestures}
        </div>
        {adType === 'image' ? null : <SideActions muted={feed.muted} onToggleMute={toggleMute} video={video} frame={sectionRef.current} muteOnly={adType === 'video'} />}
        <UnmuteHint visible={player.autoplayBlocked} onUnmute={() => { setMuted(false); playback.player?.controller.setMuted(false); replaceParams({ mute: false }); }} />
        <div className="cf-feed__bottom">
          {adType ? null : <PointsWidget />}
          {current && !isAdItem(current) ? (
            <>
              <p className="cf-feed__title" data-testid="feed-title">{current.title}</p>
              <button type="button" className="cf-full-button" onClick={openFull} data-testid="full-video-button">
                <ExpandIcon width={18} height={18} aria-hidden="true" />
                {t('full.open')}
              </button>
            </>
          ) : null}
          <FeedProgress video={video} onSeek={seek} disabled={!current || isAdItem(current)} />
        </div>
        {account.showPointsAnimation && reward ? <RewardBurst points={reward.earned} burstKey={`${reward.earned}-${reward.points}`} /> : null}
      </Swiper>
      {loadingFirst ? <Spinner overlay /> : null}
      {items.length === 0 && feed.errorKey ? (
        <div className="cf-error-panel cf-error-panel--page" role="alert">
          <p>{t(feed.errorKey)}</p>
          <button type="button" className="cf-accent-button" onClick={() => void initFeed()}>{t('common:retry')}</button>
        </div>
      ) : null}
      <SourceSheet />
      <SwipeGuide ready={items.length > 0} />
      <FullVideoModal item={fullOpen && current && !isAdItem(current) ? current : null} pool={playback.pool} prep={playback.prep} muted={feed.muted} onClose={closeFull} />
    </section>
  );
}
