// An RBSP bit reader that never throws: reading past the end yields zeros and
// sets `overrun`, so a parser on truncated bytes finishes and the caller drops
// whatever it read after the end.

export class BitReader {
  private pos = 0;
  overrun = false;

  constructor(private readonly bytes: Uint8Array) {}

  bit(): number {
    const byte = this.pos >>> 3;
    if (byte >= this.bytes.length) {
      this.overrun = true;
      return 0;
    }
    const b = (this.bytes[byte] >>> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return b;
  }

  /** Up to 32 bits, unsigned. */
  bits(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 2 + this.bit();
    return v;
  }

  skip(n: number): void {
    this.pos += n;
    if (this.pos > this.bytes.length * 8) this.overrun = true;
  }

  /** ue(v); an absurd prefix (over 31 zeros) is garbage: flagged as overrun. */
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) {
      if (this.overrun || ++zeros > 31) {
        this.overrun = true;
        return 0;
      }
    }
    return 2 ** zeros - 1 + this.bits(zeros);
  }

  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -k / 2;
  }
}

/** Removes emulation-prevention bytes (00 00 03 -> 00 00) from a NAL unit. */
export function unescapeRbsp(nal: Uint8Array): Uint8Array {
  const out = new Uint8Array(nal.length);
  let n = 0;
  let zeros = 0;
  for (const b of nal) {
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    out[n++] = b;
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, n);
}
