// Previous, "current / total", next (spec 2 §2.3); nothing when there is a
// single page. The ends disable their button instead of wrapping around.

import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './pagination.css';

export interface PaginationProps {
  page: number;
  pagecount: number;
  onChange: (page: number) => void;
  /** While a page loads: the buttons wait. */
  busy?: boolean;
}

export function Pagination({ page, pagecount, onChange, busy = false }: PaginationProps) {
  const { t } = useTranslation('discover');
  if (pagecount <= 1) return null;
  const current = Math.min(Math.max(1, page), pagecount);
  return (
    <nav className="cf-pagination" aria-label={t('pagination.label')} data-testid="pagination">
      <button type="button" className="cf-pagination__button" disabled={busy || current <= 1} onClick={() => onChange(current - 1)} data-testid="pagination-prev">
        <ChevronLeftIcon size={20} />
        <span>{t('pagination.previous')}</span>
      </button>
      <span className="cf-pagination__status" aria-live="polite" data-testid="pagination-status">
        {t('pagination.status', { current, total: pagecount })}
      </span>
      <button type="button" className="cf-pagination__button" disabled={busy || current >= pagecount} onClick={() => onChange(current + 1)} data-testid="pagination-next">
        <span>{t('pagination.next')}</span>
        <ChevronRightIcon size={20} />
      </button>
    </nav>
  );
}
