// Top bar of the feed: the play-source selector ("综合" = all, or one
// category) and the random-play toggle (刷着看), with their loading, error
// and retry states (spec 3 §2 "Play source selector", §4 "Random-play mode").

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sameSource, sourceLabel, type PlaySource } from '../category-filter';
import { RandomStatus } from '../random-play';
import { closeSourceSelector, feedState, openSourceSelector, retryRandomPlay, selectSource, toggleRandomPlay } from '../store';
import { ChevronDownIcon } from '../../ui/icons';

function useSourceName(): (source: PlaySource) => string {
  const { t } = useTranslation('feed');
  return (source) => {
    const label = sourceLabel(source);
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
      <button type="button" className="cf-pill" aria-haspopup="listbox" aria-expanded={f.sourceSelector.open} onClick={() => void openSourceSelector()} data-testid="source-button">
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
      {f.sourceSelector.open ? <SourceSheet /> : null}
    </div>
  );
});

function SourceSheet() {
  const { t } = useTranslation('feedpage');
  const { t: tf } = useTranslation('feed');
  const f = useSnapshot(feedState);
  const name = useSourceName();
  return (
    <div className="cf-sheet" role="dialog" aria-label={t('source.title')} onKeyDown={(e) => e.key === 'Escape' && closeSourceSelector()}>
      <div className="cf-sheet__backdrop" onClick={closeSourceSelector} />
      <div className="cf-sheet__panel">
        <p className="cf-sheet__title">{t('source.title')}</p>
        {f.sourceSelector.loading ? <p className="cf-sheet__note">{t('source.loading')}</p> : null}
        {f.sourceSelector.errorKey ? (
          <div className="cf-sheet__note" role="alert">
            {tf(f.sourceSelector.errorKey)}
            <button type="button" className="cf-link-button" onClick={() => void openSourceSelector()}>
              {t('common:retry')}
            </button>
          </div>
        ) : null}
        <ul className="cf-sheet__list" role="listbox" aria-label={t('source.title')}>
          {(f.categories as PlaySource[]).map((source) => {
            const selected = sameSource(source, f.playSource as PlaySource);
            return (
              <li key={source.id ?? 'all'}>
                <button type="button" role="option" aria-selected={selected} className={`cf-sheet__item${selected ? ' cf-sheet__item--on' : ''}`} disabled={f.sourceSelector.switching} onClick={() => void selectSource(source)}>
                  {name(source)}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
