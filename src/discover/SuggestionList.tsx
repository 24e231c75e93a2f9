// The suggestions under the search box: a listbox the box controls
// (aria-activedescendant follows the arrow keys). A press on an item must
// not blur the box first (that closes the list), so the press's default is
// prevented and the click searches; each item is a full-width 44 px target.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { plainText } from '../lib/plain-text';
import { SearchIcon } from '../ui/icons';
import { chooseSuggestion, suggestionsState } from './suggestions';

export const SUGGESTIONS_ID = 'discover-suggestions';

export const suggestionId = (index: number) => `${SUGGESTIONS_ID}-${index}`;

export function SuggestionList() {
  const { t } = useTranslation('discover');
  const { items, active } = useSnapshot(suggestionsState);
  return (
    <ul className="cf-discover-suggest" id={SUGGESTIONS_ID} role="listbox" aria-label={t('search.suggestions')} data-testid="discover-suggestions" onMouseDown={(e) => e.preventDefault()}>
      {items.map((item, i) => (
        <li
          key={item.id}
          id={suggestionId(i)}
          role="option"
          aria-selected={i === active}
          className={`cf-discover-suggest__item${i === active ? ' cf-discover-suggest__item--active' : ''}`}
          data-testid="discover-suggestion"
          onClick={() => void chooseSuggestion(i)}
        >
          <SearchIcon size={16} className="cf-discover-suggest__icon" />
          <span className="cf-discover-suggest__text">{plainText(item.name)}</span>
        </li>
      ))}
    </ul>
  );
}
