// One heap reading of the page, after a forced GC: the used JS heap
// (Runtime.getHeapUsage) and, of it, V8's code (a heap snapshot's nodes of
// type "code": compiled functions, bytecode, their shared function infos and
// scripts; DevTools lists them as "(compiled code)"). Code grows as more code
// paths run the first time, which is warm-up, not data: the data heap is the
// used heap less code. performance.measureUserAgentSpecificMemory needs
// cross-origin isolation and is not available headless, hence the snapshot.

import type { CDPSession } from '@playwright/test';

export interface HeapFigure {
  /** Used JS heap after a forced GC, MB. */
  mb: number;
  /** Of which V8's compiled code, MB. */
  codeMb: number;
}

const MB = 1024 * 1024;

export const dataMb = (h: HeapFigure | null): number | null => (h ? h.mb - h.codeMb : null);

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
}

async function codeBytes(cdp: CDPSession): Promise<number> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const typeNames = snap.snapshot.meta.node_types[0];
  const iType = fields.indexOf('type');
  const iSize = fields.indexOf('self_size');
  let code = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) if (typeNames[snap.nodes[i + iType]] === 'code') code += snap.nodes[i + iSize];
  return code;
}

export async function readHeap(cdp: CDPSession): Promise<HeapFigure> {
  // Twice: the first pass can leave objects whose finalisers free more.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return { mb: usedSize / MB, codeMb: (await codeBytes(cdp)) / MB };
}
