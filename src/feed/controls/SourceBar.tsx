// Top bar of the feed: the play-source selector ("综合" = all, or one
// category) and the random-play toggle (刷着看), with their loading, error
// and retry states (spec 3 §2 "Play source selector", §4 "Random-play mode").
// The selector's sheet is SourceSheet.tsx, rendered by the page (it says why).

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sourceLabel, type PlaySource } from '../category-filter';
import { shownLanguage } from '../../i18n/localized-text';
import { RandomStatus } from '../random-play';
import { feedState, openSourceSelector, retryRandomPlay, toggleRandomPlay } from '../store';
import { ChevronDownIcon } from '../../ui/icons';

/** A source's name in the interface language: re-rendered when the language changes (useTranslation). */
export function useSourceName(): (source: PlaySource) => string {
  const { t, i18n } = useTranslation('feed');
  return (source) => {
    const label = sourceLabel(source, shownLanguage(i18n));
    return 'key' in label ? t(label.key) : label.text;
  };
}

export const SourceBar = memo(function SourceBar() {
  const { t } = useTranslation('feedpage');
  const f = useSnapshot(feedState);
  const name = useSourceName();
  const randomOn = f.random.status === RandomStatus.Initializing || f.random.status === RandomStatus.Active || f.random.status === RandomStatus.Paused;
  // A failed random load says so whether random play stopped (start failed) or runs on (a later page failed):
  // the message, and a retry while manual retries remain (spec 3 §4).
  const message = f.random.message;
  const canRetry = message !== null && f.random.manualRetriesLeft > 0 && f.random.status !== RandomStatus.Initializing;
  return (
    <div className="cf-source-bar" data-top-bar>
      <button type="button" className="cf-pill" aria-haspopup="dialog" aria-expanded={f.sourceSelector.open} onClick={() => void openSourceSelector()} data-testid="source-button">
        {name(f.playSource as PlaySource)}
        <ChevronDownIcon width={16} height={16} aria-hidden="true" />
      </button>
      <button type="button" className={`cf-pill${randomOn ? ' cf-pill--on' : ''}`} aria-pressed={randomOn} onClick={() => void toggleRandomPlay()} data-testid="random-toggle">
        {t('random.toggle')}
        {f.random.loading ? <span className="cf-pill__spinner" aria-hidden="true" /> : null}
      </button>
      {message ? (
        <span className="cf-pill cf-pill--note" role="status" data-testid="random-message">
          {t(message.key, message.params ?? {})}
        </span>
      ) : null}
      {canRetry ? (
        <button type="button" className="cf-pill cf-pill--warn" onClick={() => void retryRandomPlay()} data-testid="random-retry">
          {t('random.retry')}
        </button>
      ) : null}
    </div>
  );
});
