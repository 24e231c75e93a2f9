// The plot section (spec 2 §2.4, §5): vod_content shown as text (it may hold
// HTML: tags are removed, never interpreted), collapsible only when longer
// than 150 characters; collapsed, it shows the first 150 and an ellipsis.
// Characters are counted as code points, so an emoji or a CJK extension
// character is one character and is never cut in half.

import { plainText } from '../../lib/plain-text';
import { detailConfig } from './config';

export const PLOT_ELLIPSIS = '…';

export interface PlotView {
  /** No plot: the page shows its no-plot text. */
  empty: boolean;
  /** The text to show in the current state. */
  text: string;
  /** The expand/collapse toggle is shown. */
  collapsible: boolean;
}

export function plotView(content: string | undefined, expanded: boolean, limit: number = detailConfig.plotCollapseChars): PlotView {
  const text = plainText(content ?? '');
  if (!text) return { empty: true, text: '', collapsible: false };
  const chars = Array.from(text);
  if (chars.length <= limit) return { empty: false, text, collapsible: false };
  return { empty: false, text: expanded ? text : `${chars.slice(0, limit).join('').trimEnd()}${PLOT_ELLIPSIS}`, collapsible: true };
}
