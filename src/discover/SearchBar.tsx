// The search box at the top of Discover: searches on Enter (the form's
// submit), a clear button while there is text, and the suggestions list
// under it as the visitor types (suggestions.ts: a combobox, keyboard and
// touch). Clearing in search leaves search (the store decides).

import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { discoverConfig } from './config';
import { setSearchInput, submitSearch } from './discover-actions';
import { discoverState } from './discover-state';
import { chooseSuggestion, closeSuggestions, moveActive, suggestFor, suggestionsState } from './suggestions';
import { SuggestionList, suggestionId, SUGGESTIONS_ID } from './SuggestionList';
import { CloseIcon, SearchIcon } from '../ui/icons';

export function SearchBar() {
  const { t } = useTranslation('discover');
  const { input } = useSnapshot(discoverState);
  const suggestions = useSnapshot(suggestionsState);
  const expanded = suggestions.open && suggestions.items.length > 0;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!expanded) return;
      e.preventDefault();
      moveActive(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Escape') {
      if (expanded) e.preventDefault();
      closeSuggestions();
    } else if (e.key === 'Enter' && expanded && suggestions.active >= 0) {
      // The highlighted title is searched instead of the typed text.
      e.preventDefault();
      e.currentTarget.blur();
      void chooseSuggestion(suggestions.active);
    }
  };

  return (
    <div className="cf-discover-search-wrap">
      <form
        className="cf-discover-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          closeSuggestions();
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
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={SUGGESTIONS_ID}
          aria-activedescendant={expanded && suggestions.active >= 0 ? suggestionId(suggestions.active) : undefined}
          enterKeyHint="search"
          autoComplete="off"
          maxLength={discoverConfig.maxQueryLength}
          value={input}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          data-testid="discover-search-input"
          onChange={(e) => {
            setSearchInput(e.target.value);
            suggestFor(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={closeSuggestions}
        />
        {input ? (
          <button
            type="button"
            className="cf-icon-button cf-discover-search__clear"
            aria-label={t('search.clear')}
            data-testid="discover-search-clear"
            onClick={() => {
              closeSuggestions();
              setSearchInput('');
            }}
          >
            <CloseIcon size={18} />
          </button>
        ) : null}
      </form>
      {expanded ? <SuggestionList /> : null}
    </div>
  );
}
