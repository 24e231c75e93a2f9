// The account feature's public face: what the shell and the other features may use
// (the dependency rules, .dependency-cruiser.cjs). Lazy pages are imported by
// their own module instead, so their code stays in its own chunk.

export { ssoConfig } from './sso/config';
export { resetSsoOnReturn, startSso } from './sso/start-sso';
export { accountState, clearPartnerHighlight, dismissNotice, dismissToast, initAccount, moveToVideo, reportPlayback, setPageVisible, startBalancePolling } from './store';
export { pointsConfig } from './points/config';
export { formatCredits } from './credits/format';
export { captureInvite } from './credits/invite';
export { resumeRecharge } from './credits/recharge-return';
export { TopNavCredits } from './credits/TopNavCredits';
