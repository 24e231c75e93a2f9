// Generic overlay (spec 3 §2 full video modal): backdrop, a title that expands
// on tap, a labelled close button, a footer slot (ad slot), an optional
// loading overlay. Escape closes the topmost modal; body scroll is locked
// while open and restored on close; focus moves in and returns on close.

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { trapTab } from './focus-trap';
import { CloseIcon } from './icons';
import { lockScroll } from './scroll-lock';
import { Spinner } from './Spinner';
import './tokens.css';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Plain text is best: it is clamped to one line until tapped. */
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Shows a loading overlay over the body (e.g. until the video is loaded). */
  loading?: boolean;
  /** Defaults to the 'close' text. */
  closeLabel?: string;
  className?: string;
}

/** Open modals, newest last: only the topmost answers Escape. */
const stack: symbol[] = [];

export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({ onClose, title, children, footer, loading = false, closeLabel, className = '' }: ModalProps) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const token = Symbol('modal');
    stack.push(token);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll(document.body.style);
    closeRef.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      } else {
        trapTab(event, dialogRef.current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(token), 1);
      unlock();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div className={`cf-modal ${className}`}>
      <div className="cf-modal__backdrop" onClick={() => onCloseRef.current()} aria-hidden="true" />
      <div ref={dialogRef} className="cf-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="cf-modal__header">
          <h2 className="cf-modal__title" id={titleId}>
            <button type="button" className={`cf-modal__title-button${expanded ? ' cf-modal__title-button--expanded' : ''}`} aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
              {title}
            </button>
          </h2>
          <button ref={closeRef} type="button" className="cf-icon-button cf-modal__close" aria-label={closeLabel ?? t('ui:close')} onClick={() => onCloseRef.current()}>
            <CloseIcon />
          </button>
        </header>
        {/* Focusable, so a keyboard can scroll a long body (WCAG 2.1.1; axe scrollable-region-focusable). */}
        <div className="cf-modal__body" tabIndex={0}>
          {children}
          {loading && <Spinner overlay />}
        </div>
        {footer !== undefined && <footer className="cf-modal__footer">{footer}</footer>}
      </div>
    </div>
  );
}
