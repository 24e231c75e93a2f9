// Shares the invite link: the system share sheet where there is one, else
// the clipboard. A share the visitor cancels is not a failure.

import { inviteLink } from './invite-link';
import { copyText } from '../../lib/clipboard';

export async function shareInvite(playerId: string | null, text: string): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  const url = inviteLink(window.location.origin, playerId);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: document.title, text, url });
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}
