// Discover, search, category, video pages and promotion arrive with the
// catalogue screens (issue 5). Until then their routes show this panel with a
// way back to the feed instead of a blank screen.

import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../app/router-store';

export function PendingPage({ page }: { page: string }) {
  const { t } = useTranslation('feedpage');
  return (
    <section className="cf-pending" data-testid="pending-page" data-page={page}>
      <h1>{t('pending.title')}</h1>
      <p>{t('pending.body')}</p>
      <button type="button" className="cf-pill" onClick={() => navigateTo('douyin')}>
        {t('pending.back')}
      </button>
    </section>
  );
}
