// The baseline the feed is measured against, in the same run: a bare page
// that plays the same catalogue items with plain hls.js from their raw
// playlists: no worker, no ad removal, no preloading. ArrowDown destroys the
// instance and plays the next item from its start, as the simplest feed would.

// Served by the product's own server from dist/__bench/ (written by the bench, compressed like the app),
// so both pages go through the same network path, throttling and compression.
export const BASELINE_DIR = '__bench';
export const BASELINE_PATH = `/${BASELINE_DIR}/baseline.html`;
export const BASELINE_HLS_PATH = `/${BASELINE_DIR}/hls.light.min.js`;
// An external file, not an inline script: the server's page CSP allows only the app's own inline scripts (by hash).
export const BASELINE_SCRIPT_PATH = `/${BASELINE_DIR}/baseline.js`;

export const baselineHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>baseline</title>
<style>html,body{margin:0;height:100%;background:#000}video{width:100%;height:100dvh;object-fit:contain;display:block}</style>
</head><body>
<video id="v" playsinline muted autoplay></video>
<script src="${BASELINE_HLS_PATH}"></script>
<script src="${BASELINE_SCRIPT_PATH}"></script>
</body></html>`;

export const baselineScript = `(async () => {
  const video = document.getElementById('v');
  const list = await (await fetch('/api.php/provide/vod/?ac=list&pg=1&limit=20')).json();
  const ids = list.list.map((v) => v.vod_id);
  const detail = await (await fetch('/api.php/provide/vod/?ac=detail&ids=' + ids.join(','))).json();
  const byId = new Map(detail.list.map((v) => [v.vod_id, v]));
  // The timeline names items by catalogue id, as the feed does, so the bench can tell whose media each request was.
  const items = ids.map((id) => byId.get(id)).filter(Boolean).map((v) => ({ id: String(v.vod_id), url: String(v.vod_play_url).split('#')[0].split('$').pop() }));
  let index = 0;
  let hls = null;
  function play() {
    if (hls) hls.destroy();
    hls = new Hls({ enableWorker: false });
    const item = items[index % items.length];
    hls.loadSource(new URL(item.url, location.href).href);
    hls.attachMedia(video);
    video.play().catch(() => {});
    window.__clipfeedTimeline.push({ at: performance.now(), id: item.id, ad: false });
  }
  addEventListener('keydown', (e) => { if (e.key === 'ArrowDown') { index++; play(); } });
  play();
})();
`;
