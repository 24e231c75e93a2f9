// The help guide (spec 2 §2.7): four sections of tips in the shared modal,
// and the way into the mobile diagnostic tool.

import { useTranslation } from 'react-i18next';
import type { SheetContentProps } from '../router/sheets';
import { openSheet } from '../router/sheets';
import { Modal } from '../ui/Modal';
import { helpSections } from './help-sections';
import './help.css';

export default function HelpModal({ onClose }: SheetContentProps) {
  const { t } = useTranslation('help');
  return (
    <Modal
      open
      onClose={onClose}
      title={t('title')}
      className="cf-help"
      footer={
        <button type="button" className="cf-accent-button cf-help__diagnostics" data-testid="open-diagnostics" onClick={() => openSheet('diagnostics')}>
          {t('diagnostics')}
        </button>
      }
    >
      <div className="cf-help__body" data-testid="help-modal">
        {helpSections.map((section) => (
          <section key={section.id} className="cf-help__section" aria-labelledby={`cf-help-${section.id}`}>
            <h3 className="cf-help__heading" id={`cf-help-${section.id}`}>
              {t(section.title)}
            </h3>
            <ul className="cf-help__tips">
              {section.tips.map((tip) => (
                <li key={tip}>{t(tip)}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}
