import { describe, expect, it } from 'vitest';
import { PLOT_ELLIPSIS, plotView } from '../../../src/video/detail/plot';

const text = (n: number) => 'a'.repeat(n);

describe('detail plot (spec 2 §2.4, §5: collapsible over 150 characters)', () => {
  it('is empty (the no-plot text) when the plot is missing, blank or only markup', () => {
    expect(plotView(undefined, false)).toEqual({ empty: true, text: '', collapsible: false });
    expect(plotView('   ', false).empty).toBe(true);
    expect(plotView('<p> </p>', false).empty).toBe(true);
  });

  it('has no toggle at exactly 150 characters, and one at 151', () => {
    expect(plotView(text(150), false)).toEqual({ empty: false, text: text(150), collapsible: false });
    const long = plotView(text(151), false);
    expect(long.collapsible).toBe(true);
    expect(long.text).toBe(`${text(150)}${PLOT_ELLIPSIS}`);
  });

  it('shows the whole plot when expanded', () => {
    expect(plotView(text(400), true)).toEqual({ empty: false, text: text(400), collapsible: true });
  });

  it('shows HTML as text: tags removed, entities decoded, never markup', () => {
    const view = plotView('<p>Uma <b>cidade</b> &amp; cores</p><img src=x onerror=alert(1)>', false);
    expect(view.text).toBe('Uma cidade & cores');
  });

  it('counts characters as code points: an emoji is one character and is not cut in half', () => {
    const plot = `${'😀'.repeat(150)}fim`;
    const view = plotView(plot, false);
    expect(view.collapsible).toBe(true);
    expect(view.text).toBe(`${'😀'.repeat(150)}${PLOT_ELLIPSIS}`);
    expect(plotView('😀'.repeat(150), false).collapsible).toBe(false);
  });
});
