// Sharing a link: the system share sheet (Web Share API) where there is one,
// else the clipboard, whose success the caller confirms on screen ("copied").
// A share the visitor cancels is not a failure, and neither is a share sheet
// that refuses (no user gesture, a blocked type): the link is copied instead.

import { copyText } from '../../lib/clipboard';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareData {
  title: string;
  text: string;
  url: string;
}

export interface ShareDeps {
  share?: (data: ShareData) => Promise<void>;
  copy: (text: string) => Promise<boolean>;
}

function browserDeps(): ShareDeps {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  return {
    share: typeof nav?.share === 'function' ? (data) => nav.share(data) : undefined,
    copy: (text) => copyText(text),
  };
}

export async function shareLink(data: ShareData, deps: ShareDeps = browserDeps()): Promise<ShareOutcome> {
  if (deps.share) {
    try {
      await deps.share(data);
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
    }
  }
  return (await deps.copy(data.url)) ? 'copied' : 'failed';
}
