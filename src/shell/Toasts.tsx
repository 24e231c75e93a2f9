// Toast stack from uiState.toasts (spec 1 §3 fields). Tap a toast to dismiss it.
// It starts below the page's top bar, measured while toasts show
// (notices/top-clearance.ts); with a dialog open the stylesheet puts
// it at the bottom, clear of the sheet's title and close button.

import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { dismissToast, uiState, type Toast } from '../notices/store';
import { clearanceBelow } from '../notices/top-clearance';
import { uiConfig } from '../ui/config';
import { CloseIcon, GiftIcon } from '../ui/icons';
import '../ui/tokens.css';
import '../ui/ui.css';

/**
 * The y toasts start at, below the marked top bars on screen (null: the stylesheet's band). Measured while
 * toasts show, again whenever the page's elements change (another page mounts, a bar gains a row) or the
 * window resizes.
 */
function useTopClearance(showing: boolean): number | null {
  const [clearance, setClearance] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!showing) return;
    const measure = () => {
      const bars = Array.from(document.querySelectorAll('[data-top-bar]'), (el) => el.getBoundingClientRect());
      setClearance(clearanceBelow(bars, window.innerHeight, uiConfig.toastTopBarGapPx));
    };
    measure();
    const changes = new MutationObserver(measure);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    return () => {
      changes.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [showing]);
  return clearance;
}

export function Toasts() {
  const { toasts } = useSnapshot(uiState);
  const clearance = useTopClearance(toasts.length > 0);
  const style = clearance === null ? undefined : ({ '--cf-toasts-clear': `${clearance}px` } as CSSProperties);
  return (
    <div className="cf-toasts" style={style} aria-live="polite" aria-relevant="additions">
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
