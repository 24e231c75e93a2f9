// The search box at the top of Discover: searches on Enter (the form's
// submit), a clear button while there is text. Clearing in search leaves
// search (the store decides).

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { discoverConfig } from './config';
import { setSearchInput, submitSearch } from './discover-actions';
import { discoverState } from './discover-state';
import { CloseIcon, SearchIcon } from '../ui/icons';

export function SearchBar() {
  const { t } = useTranslation('discover');
  const { input } = useSnapshot(discoverState);
  return (
    <form
      className="cf-discover-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        // The keyboard goes away so the results can be seen.
        (e.currentTarget.elements.namedItem('q') as HTMLInputElement | null)?.blur();
        void submitSearch(input);
      }}
    >
      <SearchIcon size={20} className="cf-discover-search__icon" />
      <input
        className="cf-discover-search__input"
        name="q"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={discoverConfig.maxQueryLength}
        value={input}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        data-testid="discover-search-input"
        onChange={(e) => setSearchInput(e.target.value)}
      />
      {input ? (
        <button type="button" className="cf-icon-button cf-discover-search__clear" aria-label={t('search.clear')} data-testid="discover-search-clear" onClick={() => setSearchInput('')}>
          <CloseIcon size={18} />
        </button>
      ) : null}
    </form>
  );
}
