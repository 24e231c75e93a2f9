// URL of hls.js's transmux worker script. Vite emits the file as an asset and
// gives its URL; hls.js loads it as a classic worker (see hls-config.ts).

import workerUrl from 'hls.js/dist/hls.worker.js?url';

export const hlsWorkerUrl: string = workerUrl;
