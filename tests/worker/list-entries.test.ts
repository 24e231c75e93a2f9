import { describe, expect, it } from 'vitest';
import { listEntries, streamText } from '../../workers/engine/list-entries';

async function* pieces(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function all(chunks: AsyncIterable<string>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const entry of listEntries(chunks)) out.push(entry);
  return out;
}

const entries = [
  { vod_id: 1, vod_name: 'A "quoted" {brace} [bracket] \\ name', vod_play_url: 'x$https://m.test/1.m3u8' },
  { vod_id: 2, nested: { list: [{ not: 'an entry' }] }, tags: ['a', 'b'] },
  { vod_id: 3, vod_name: 'Ação 動画 🎬' },
];
const page = JSON.stringify({ code: 1, msg: 'list', class: [{ list: [1] }], page: 1, list: [...entries.slice(0, 2), 'skip me', 42, entries[2]], total: 3 });

describe('listEntries', () => {
  it.each([1, 2, 7, 64, page.length])('yields the objects of the top-level list, whatever the chunk size (%i)', async (size) => {
    expect(await all(pieces(page, size))).toEqual(entries);
  });

  it('yields each entry as soon as it is complete, before the rest has arrived', async () => {
    const text = JSON.stringify({ code: 1, list: entries });
    const first = JSON.stringify(entries[0]);
    const firstEnd = text.indexOf(first) + first.length;
    let sent = 0;
    async function* slow(): AsyncGenerator<string> {
      sent = firstEnd;
      yield text.slice(0, firstEnd);
      await new Promise((r) => setTimeout(r, 5));
      sent = text.length;
      yield text.slice(firstEnd);
    }
    for await (const entry of listEntries(slow())) {
      expect(entry).toEqual(entries[0]);
      expect(sent).toBe(firstEnd);
      break;
    }
  });

  it('ends quietly on text that is not a catalogue page', async () => {
    expect(await all(pieces('<html>oops</html>', 4))).toEqual([]);
    expect(await all(pieces('{"list":[{"a":1},{"b":', 4))).toEqual([{ a: 1 }]);
    expect(await all(pieces('{"list":[{"a":1}]}}]]{"list":[{"b":2}]}', 3))).toEqual([{ a: 1 }]);
  });
});

describe('streamText', () => {
  const bytes = new TextEncoder().encode(JSON.stringify({ list: [entries[2]] }));
  const stream = (onCancel?: () => void) => {
    let i = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        // One byte at a time: multi-byte characters arrive split.
        if (i < bytes.length) controller.enqueue(bytes.slice(i, ++i));
        else controller.close();
      },
      cancel: onCancel,
    });
  };

  it('keeps characters split across chunks whole', async () => {
    expect(await all(streamText(stream()))).toEqual([entries[2]]);
  });

  it('releases the stream when the reader stops early', async () => {
    let cancelled = false;
    for await (const chunk of streamText(stream(() => (cancelled = true)))) {
      expect(chunk).toBe('{');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
