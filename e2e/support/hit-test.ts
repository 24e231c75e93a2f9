// Hit tests for the visitor journey (issue 16; UI.md "Nothing covers what the
// visitor needs"): a control is usable when the centre of its box takes its
// own tap, which document.elementFromPoint answers the way a finger would
// (elements with pointer-events: none are passed through, as taps are). A
// failure names the element that lies there instead; it is a soft failure, so
// the journey goes on and one run lists every covered control (the test still
// fails). Touch input goes through
// the DevTools protocol, so the page sees real touch events (pointerType
// 'touch'), as a phone sends them.

import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What a visitor may need on the feed at any moment: the current slide's
 * buttons and progress bar, the overlays' buttons (top bar pills, side
 * buttons, points row, full video), the tab bar, the outage banner's retry.
 */
const FEED_CONTROLS = ['[data-testid=feed] button', '[data-testid=feed] [role=slider]', 'nav.cf-tab-bar button', '[data-testid=connection-retry]'].join(', ');

interface Covered {
  control: string;
  onTop: string;
}

interface HitOptions {
  viewport: { width: number; height: number };
  /** Check only the elements on screen (visible, not in an inert or hidden neighbour slide) rather than all. */
  onlyShown: boolean;
}

/**
 * Every covered control among `all` (a centre outside the viewport counts as covered). Self-contained: it runs in
 * the page (evaluateAll), so everything it uses is inside it.
 */
function coveredAmong(all: Element[], { viewport, onlyShown }: HitOptions): { checked: number; covered: Covered[] } {
  const elements = onlyShown
    ? all.filter((el) => !el.closest('[inert], [aria-hidden=true]') && el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    : all;
  const name = (el: Element): string => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls}${text ? ` "${text}"` : ''}`;
  };
  const describe = (el: Element | null): string => {
    if (!el) return 'nothing (off screen)';
    // A bare inner element says little: name the nearest ancestor a test or a reader can find too.
    const named = el.hasAttribute('data-testid') ? null : el.parentElement?.closest('[data-testid], [role], [class^="cf-"]');
    return named ? `${name(el)} in ${name(named)}` : name(el);
  };
  const out: Covered[] = [];
  for (const el of elements) {
    const r = el.getBoundingClientRect();
    const x = r.x + r.width / 2;
    const y = r.y + r.height / 2;
    const inside = x >= 0 && y >= 0 && x < viewport.width && y < viewport.height;
    const hit = inside ? document.elementFromPoint(x, y) : null;
    if (hit && (hit === el || el.contains(hit))) continue;
    out.push({ control: describe(el), onTop: describe(hit) });
  }
  return { checked: elements.length, covered: out };
}

function viewportOf(page: Page): { width: number; height: number } {
  const size = page.viewportSize();
  if (!size) throw new Error('the journey runs with a fixed viewport');
  return size;
}

/** Fails unless every element `locator` matches is visible and takes a tap at its centre; names what is on top otherwise. */
export async function expectOnTop(page: Page, locator: Locator, what = locator.toString()): Promise<void> {
  await expect(locator.first(), `${what} is on screen`).toBeVisible();
  const { covered } = await locator.evaluateAll(coveredAmong, { viewport: viewportOf(page), onlyShown: false });
  expect.soft(covered, `${what}: each control's centre takes its own tap (onTop is what lies there instead)`).toEqual([]);
}

/** The feed's controls on screen now (FEED_CONTROLS, visible, not in a neighbouring slide) each take a tap at their centre. */
export async function expectFeedControlsOnTop(page: Page, step: string): Promise<void> {
  const { checked, covered } = await page.locator(FEED_CONTROLS).evaluateAll(coveredAmong, { viewport: viewportOf(page), onlyShown: true });
  expect(checked, `${step}: the feed shows controls`).toBeGreaterThan(0);
  expect.soft(covered, `${step}: each control's centre takes its own tap (onTop is what lies there instead)`).toEqual([]);
}

/** A point on the text of `locator` (its first line, a little in from the start), not on its padding. */
export function pointOnText(locator: Locator): Promise<{ x: number; y: number }> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const line = range.getClientRects()[0] ?? el.getBoundingClientRect();
    return { x: Math.round(line.left + Math.min(24, line.width / 4)), y: Math.round(line.top + line.height / 2) };
  });
}

/** What a tap at (x, y) would land on: the element and whether it is a control (button, link, slider, no-swipe area). */
export function elementAt(page: Page, point: { x: number; y: number }): Promise<{ element: string; control: boolean; testId: string | null }> {
  return page.evaluate(({ x, y }) => {
    const hit = document.elementFromPoint(x, y);
    const control = hit?.closest('button, a, input, [role=slider], [role=button], [data-no-swipe]') ?? null;
    return {
      element: hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : 'nothing',
      control: control !== null,
      testId: hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
    };
  }, point);
}

/** Milliseconds between the touch events of a gesture: a finger's pace (about one event a frame), not a teleport. */
const TOUCH_FRAME_MS = 16;
/** How long a tapping finger stays down. */
const TAP_HOLD_MS = 60;

async function touchGesture(page: Page, points: { x: number; y: number }[], holdMs: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const [start, ...moves] = points;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
    for (const point of moves) {
      await page.waitForTimeout(TOUCH_FRAME_MS);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    }
    await page.waitForTimeout(holdMs);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** A one-finger swipe up from `from` by `distance` px, as touch events (touchstart, moves a frame apart, touchend). */
export async function touchSwipeUp(page: Page, from: { x: number; y: number }, distance: number): Promise<void> {
  const steps = 8;
  const points = Array.from({ length: steps + 1 }, (_, step) => ({ x: from.x, y: Math.round(from.y - (distance * step) / steps) }));
  await touchGesture(page, points, TOUCH_FRAME_MS);
}

/** A finger tap at the centre of `locator`: touchstart, a short hold, touchend (the browser makes the click). */
/** Between two reads of a control's box that must agree before it is tapped. */
const STABLE_CHECK_MS = 150;
/** Reads before a still-moving control is tapped where it is (an animation that never ends fails the tap's own check). */
const STABLE_MAX_READS = 20;

export async function tapCentre(page: Page, locator: Locator): Promise<void> {
  // A slide that is still the neighbour (inert until the feed's update lands) takes no tap; a finger comes later than
  // a script, so the tap waits for the control to be live.
  await expect.poll(() => locator.evaluate((el) => !el.closest('[inert], [aria-hidden=true]')), { message: `${locator.toString()} is live` }).toBe(true);
  // And it has stopped moving (Playwright's own click waits for the same "stable" state): right after a landing the
  // slide's controls re-render for the new item (on an ad, the side buttons and points row give way and the panel
  // settles), and a tap measured before that lands beside the control.
  let box = await locator.boundingBox();
  for (let settled = false, reads = 0; !settled && reads < STABLE_MAX_READS; reads++) {
    await page.waitForTimeout(STABLE_CHECK_MS);
    const again = await locator.boundingBox();
    settled = !!box && !!again && box.x === again.x && box.y === again.y && box.width === again.width && box.height === again.height;
    box = again;
  }
  if (!box) throw new Error(`${locator.toString()} has no box to tap`);
  await touchGesture(page, [{ x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }], TAP_HOLD_MS);
}

/** What sits at the centre of `control` instead of it (null: the control itself or its content takes the tap there). */
export function coverAt(control: Locator): Promise<string | null> {
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (hit && (hit === el || el.contains(hit))) return null;
    return hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : 'nothing';
  });
}
