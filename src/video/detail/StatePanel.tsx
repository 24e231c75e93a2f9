// A video page's full-width state message with one action: retry after an
// error, or back when the video cannot be shown (UI.md: inline error panels).

export interface StatePanelProps {
  message: string;
  action: string;
  onAction(): void;
}

export function StatePanel({ message, action, onAction }: StatePanelProps) {
  return (
    <div className="cf-video-state" role="alert" data-testid="video-state">
      <p className="cf-video-state__message">{message}</p>
      <button type="button" className="cf-video-button cf-video-button--primary" data-testid="video-state-action" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
