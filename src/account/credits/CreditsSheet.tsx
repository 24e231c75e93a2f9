// The credits screen (spec 2 §2.6), a full-screen sheet: balance with the
// partner-site action, the recharge, the task list, the transaction history.
// Opened by openSheet('credits') from the profile tab, the promotion page or
// the feed's points widget.

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetContentProps } from '../../router/sheets';
import { startCredits } from './credits-store';
import { resumeSavedRecharge } from './recharge-store';
import { RechargeCard } from './RechargeCard';
import { Modal } from '../../ui/Modal';
import { BalanceCard } from './BalanceCard';
import { HistoryList } from './HistoryList';
import { TaskList } from './TaskList';
import './credits.css';

export default function CreditsSheet({ onClose }: SheetContentProps) {
  const { t } = useTranslation('credits');
  useEffect(() => {
    startCredits();
    void resumeSavedRecharge();
  }, []);
  return (
    <Modal open onClose={onClose} title={t('title')} className="cf-full-sheet cf-credits">
      <div className="cf-credits__body" data-testid="credits-sheet">
        <BalanceCard />
        <RechargeCard />
        <TaskList />
        <HistoryList />
      </div>
    </Modal>
  );
}
