// The look of each base source and ad creative as ffmpeg lavfi graphs. Costly
// generators (life, mandelbrot, hue) render small and are scaled up: the first
// start must stay under 2 minutes on 2 cores.

import type { AdLook, BaseLook } from './types';

export interface Frame {
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The lavfi source (for `-f lavfi -i`) drawing a base look at the given size. */
export function baseSource(look: BaseLook, f: Frame): string {
  const size = `${f.width}x${f.height}`;
  const small = (div: number) => `${even(f.width / div)}x${even(f.height / div)}`;
  const upscale = `scale=${f.width}:${f.height}`;
  switch (look) {
    case 'grid':
      return `testsrc2=size=${size}:rate=${f.fps}:duration=${f.seconds}`;
    case 'life':
      return `life=size=${small(3)}:rate=${f.fps}:mold=10:ratio=0.1:death_color=#C83232:life_color=#00FF00,${upscale}:flags=neighbor,trim=duration=${f.seconds}`;
    case 'cells':
      return `cellauto=size=${small(2)}:rate=${f.fps}:rule=110:scroll=1:random_fill_ratio=0.4,${upscale}:flags=neighbor,trim=duration=${f.seconds}`;
    case 'spectrum':
      return `rgbtestsrc=size=${small(4)}:rate=${f.fps}:duration=${f.seconds},hue=H=2*PI*t/40:s=1.4,${upscale}:flags=bicubic`;
    case 'fractal':
      return `mandelbrot=size=${small(3)}:rate=${f.fps}:maxiter=48,${upscale}:flags=bicubic,trim=duration=${f.seconds}`;
    case 'patterns':
      // MPlayer's test patterns (DCT, frequencies, rings), 256x256 whatever the size asked.
      return `mptestsrc=rate=${f.fps}:duration=${f.seconds},${upscale}:flags=neighbor`;
    case 'counter':
      // The first test pattern: colour bars, a moving gradient and a frame counter.
      return `testsrc=size=${size}:rate=${f.fps}:duration=${f.seconds}`;
    case 'ramps':
      return `yuvtestsrc=size=${small(4)}:rate=${f.fps}:duration=${f.seconds},rotate=a=2*PI*t/20,${upscale}:flags=bicubic`;
  }
}

/** The lavfi source of an ad look: bars and flat colours, nothing like the films. */
export function adSource(look: AdLook, f: Frame): string {
  const size = `${f.width}x${f.height}`;
  switch (look) {
    case 'bars':
      return `smptehdbars=size=${size}:rate=${f.fps}:duration=${f.seconds}`;
    case 'promo':
      return `color=c=0xF08020:size=${size}:rate=${f.fps}:duration=${f.seconds}`;
    case 'spot':
      return `pal100bars=size=${size}:rate=${f.fps}:duration=${f.seconds}`;
  }
}

/** drawtext's own escaping: a quoted value may not hold ' and ':' separates options. */
function quoted(value: string): string {
  return `'${value.replace(/\\/g, '/').replace(/'/g, '').replace(/:/g, '\\:')}'`;
}

function drawtext(font: string, options: string): string {
  return `drawtext=fontfile=${quoted(font)}:${options}`;
}

/** A film's overlay: its title and a running clock, one line at the top left. */
export function filmOverlay(font: string | null, title: string, height: number): string {
  if (!font) return 'null';
  const style = `fontcolor=white:fontsize=${Math.round(height / 16)}:box=1:boxcolor=black@0.55:boxborderw=4`;
  return drawtext(font, `text=${quoted(title)}'  %{pts\\:hms}':x=8:y=8:${style}`);
}

/** An ad's overlay: a big 'AD' in the middle and its label under it. */
export function adOverlay(font: string | null, label: string, height: number): string {
  if (!font) return 'null';
  return [
    drawtext(font, `text='AD':fontcolor=white:fontsize=${Math.round(height / 3)}:x=(w-tw)/2:y=(h-th)/2-${Math.round(height / 10)}:box=1:boxcolor=black@0.7:boxborderw=6`),
    drawtext(font, `text=${quoted(label)}:fontcolor=yellow:fontsize=${Math.round(height / 10)}:x=(w-tw)/2:y=h-th-${Math.round(height / 12)}`),
  ].join(',');
}
