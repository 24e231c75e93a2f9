// The install icons (issue 17 "Repeat visit"), drawn once as geometry and
// written at build time both as SVG and as PNG: a play mark in the accent on
// the app's dark ground. The PNGs come from a small scan rasteriser (4x4
// samples per pixel) and Node's zlib, so the build needs no image tool and the
// repository holds no binaries that could drift from the drawing.

import { deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';

const ACCENT = [0xe0, 0x16, 0x4a] as const; // --cf-color-accent (src/ui/tokens.css)
const GROUND = [0x0b, 0x0b, 0x0f] as const; // the dark ground behind the mark
const SAMPLES = 4; // per axis: 16 samples a pixel smooth the triangle's edges

/** One icon: its size, whether its ground fills the square (maskable) or has rounded corners. */
export interface IconSpec {
  file: string;
  size: number;
  maskable: boolean;
}

export const APP_ICONS: readonly IconSpec[] = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  // Maskable: the launcher crops to its own shape; the mark stays inside the central 80 % safe zone.
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true },
];

/** The drawing in unit coordinates (0..1): corner radius of the ground and the play triangle. */
function art(maskable: boolean) {
  // The maskable mark is smaller so any launcher mask keeps it whole.
  const scale = maskable ? 0.62 : 0.8;
  const at = (x: number, y: number): [number, number] => [0.5 + (x - 0.5) * scale, 0.5 + (y - 0.5) * scale];
  return { radius: maskable ? 0 : 0.22, triangle: [at(0.37, 0.27), at(0.37, 0.73), at(0.76, 0.5)] as const };
}

export function iconSvg(maskable = false): string {
  const { radius, triangle } = art(maskable);
  const pts = triangle.map(([x, y]) => `${(x * 100).toFixed(2)},${(y * 100).toFixed(2)}`).join(' ');
  const hex = (c: readonly number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="${radius * 100}" fill="${hex(GROUND)}"/><polygon points="${pts}" fill="${hex(ACCENT)}"/></svg>\n`;
}

function insideRoundedSquare(x: number, y: number, r: number): boolean {
  if (x < 0 || y < 0 || x > 1 || y > 1) return false;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function insideTriangle(x: number, y: number, t: readonly (readonly [number, number])[]): boolean {
  const side = (a: readonly [number, number], b: readonly [number, number]) => (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
  const d1 = side(t[0], t[1]);
  const d2 = side(t[1], t[2]);
  const d3 = side(t[2], t[0]);
  return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
}

/** RGBA pixels of the drawing at `size` x `size`. */
export function rasterIcon(size: number, maskable: boolean): Uint8Array {
  const { radius, triangle } = art(maskable);
  const out = new Uint8Array(size * size * 4);
  const n = SAMPLES * SAMPLES;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let ground = 0;
      let mark = 0;
      for (let s = 0; s < n; s++) {
        const x = (px + ((s % SAMPLES) + 0.5) / SAMPLES) / size;
        const y = (py + (Math.floor(s / SAMPLES) + 0.5) / SAMPLES) / size;
        if (!insideRoundedSquare(x, y, radius)) continue;
        ground++;
        if (insideTriangle(x, y, triangle)) mark++;
      }
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) out[i + c] = ground ? Math.round((GROUND[c] * (ground - mark) + ACCENT[c] * mark) / ground) : 0;
      out[i + 3] = Math.round((ground / n) * 255);
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG of `rgba` (size x size). */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method variants, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** Emits the icons into the build (before the service worker's precache list is made from the output). */
export function appIcons(): Plugin {
  return {
    name: 'clipfeed:app-icons',
    apply: 'build',
    generateBundle() {
      for (const icon of APP_ICONS) this.emitFile({ type: 'asset', fileName: icon.file, source: encodePng(icon.size, rasterIcon(icon.size, icon.maskable)) });
      this.emitFile({ type: 'asset', fileName: 'icons/icon.svg', source: iconSvg() });
    },
  };
}
