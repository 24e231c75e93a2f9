// Toast stack from uiState.toasts (spec 1 §3 fields). Tap a toast to dismiss it.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { dismissToast, uiState, type Toast } from '../notices/store';
import { CloseIcon, GiftIcon } from '../ui/icons';
import '../ui/tokens.css';
import '../ui/ui.css';

export function Toasts() {
  const { toasts } = useSnapshot(uiState);
  return (
    <div className="cf-toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastView({ toast }: { toast: Readonly<Toast> }) {
  const { t } = useTranslation('ui');
  const text = t(toast.content.key, { ...toast.content.params });
  const progressText = toast.progressText ? t(toast.progressText.key, { ...toast.progressText.params }) : null;
  const dismiss = () => dismissToast(toast.id);
  return (
    <div className={`cf-toast cf-toast--${toast.type}${toast.show ? '' : ' cf-toast--leaving'}`} role={toast.type === 'error' ? 'alert' : undefined} onClick={dismiss}>
      {toast.type === 'credits' && (
        <span className="cf-toast__points">
          <GiftIcon size={18} />
          {t('ui:points', { n: toast.earnablePoints })}
        </span>
      )}
      <span className="cf-toast__body">
        <span className="cf-toast__text">{text}</span>
        {toast.progress !== undefined && (
          <span className="cf-toast__progress">
            <span className="cf-toast__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(toast.progress)} aria-label={progressText ?? undefined}>
              <span className="cf-toast__fill" style={{ width: `${toast.progress}%` }} />
            </span>
            {progressText && <span className="cf-toast__hint">{progressText}</span>}
          </span>
        )}
        {toast.remainingVideos !== undefined && toast.remainingVideos > 0 && (
          <span className="cf-toast__hint">{t('ui:toast.remainingVideos', { count: toast.remainingVideos, points: toast.earnablePoints })}</span>
        )}
      </span>
      <button
        type="button"
        className="cf-toast__close"
        aria-label={t('ui:toast.dismiss')}
        onClick={(e) => {
          e.stopPropagation();
          dismiss();
        }}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
