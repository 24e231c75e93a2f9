// The demo provider's QR code (uqr) is read back by a real QR reader (jsQR)
// to the checkout address it must carry, at several lengths.

import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrSvg } from '../../server/routes/payments/demo-pages';

/** The page's SVG path (a unit square per dark module) drawn into RGBA pixels at `scale`, for jsQR. */
function pixelsOf(svg: string, scale = 4): { data: Uint8ClampedArray; size: number } {
  const view = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path fill="#000" d="([^"]*)"/.exec(svg);
  if (!view || !path) throw new Error('no QR path in the SVG');
  const modules = Number(view[1]);
  const dark = new Set([...path[1].matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
  const size = modules * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!dark.has(`${Math.floor(x / scale)},${Math.floor(y / scale)}`)) continue;
      const i = (y * size + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return { data, size };
}

describe('the demo provider QR code', () => {
  const addresses = [
    'http://127.0.0.1:8080/pay/checkout?payment=p1',
    'https://tv.example/pay/checkout?payment=01HZY3W6R7Q2K8M9N5T4V1X0AB&amount=10&currency=BRL&sig=0123456789abcdef0123456789abcdef',
    `https://tv.example/pay/checkout?payment=${'x'.repeat(300)}`,
  ];
  for (const address of addresses) {
    it(`a reader gets the checkout address back (${address.length} characters)`, () => {
      const svg = String(qrSvg(address, 'label'));
      expect(svg).toContain('role="img"');
      const { data, size } = pixelsOf(svg);
      expect(jsQR(data, size, size)?.data).toBe(address);
    });
  }
});
