// Engine demo page (a later issue builds the real feed): prepares one clip in
// the engine worker and plays it through hls.js with the in-memory playlist
// loader. `?src=` picks the playlist; `window.__clipfeedDemo` is for tests.

import Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import type { EngineError, PreparedClip } from '../workers/core/types';
import { engineBridge } from './engine/bridge';
import { createClipPlaylistLoader, singlePlaylist } from './player/clip-playlist-loader';

type DemoState = 'preparing' | 'loading' | 'playing' | 'ended' | 'error';

interface DemoInfo {
  state: DemoState;
  clip: PreparedClip | null;
  error: EngineError | string | null;
}

declare global {
  interface Window {
    __clipfeedDemo?: DemoInfo;
  }
}

const DEFAULT_SRC = '/media/with-ads/index.m3u8';

// Short-clip buffers: stay far below low-end Android's SourceBuffer quota (TOOLCHAIN.md).
const clipHlsConfig = { enableWorker: false, maxBufferLength: 10, maxBufferSize: 8 * 1000 * 1000, backBufferLength: 5 };

function sourceUrl(): string {
  const src = new URLSearchParams(location.search).get('src') || DEFAULT_SRC;
  return new URL(src, location.href).href;
}

export function App() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<string>('preparing');

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const controller = new AbortController();
    const info: DemoInfo = { state: 'preparing', clip: null, error: null };
    window.__clipfeedDemo = info;
    let hls: Hls | null = null;
    const update = (state: DemoState, text: string = state) => {
      if (controller.signal.aborted) return;
      info.state = state;
      setStatus(text);
    };
    const fail = (error: EngineError | string) => {
      info.error = error;
      update('error', `error: ${typeof error === 'string' ? error : `${error.code} ${error.message}`}`);
    };
    const onPlaying = () => update('playing');
    const onEnded = () => update('ended');
    video.addEventListener('playing', onPlaying);
    video.addEventListener('ended', onEnded);

    void (async () => {
      const result = await engineBridge.prepareClip({ url: sourceUrl() }, { network: 'fast', context: 'short-video', signal: controller.signal });
      if (controller.signal.aborted) return;
      if (!result.ok) return fail(result.error);
      const clip = result.value;
      info.clip = clip;
      update('loading', `loading clip ${clip.clip.start.toFixed(0)}-${clip.clip.end.toFixed(0)} s`);
      if (Hls.isSupported()) {
        hls = new Hls({ ...clipHlsConfig, pLoader: createClipPlaylistLoader(singlePlaylist(clip.url, clip.clipPlaylist)) });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) fail(`hls.js ${data.type}: ${data.details}`);
        });
        hls.loadSource(clip.url);
        hls.attachMedia(video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        // Native HLS cannot take in-memory text; the server's cleaned-playlist endpoint will serve it.
        video.src = clip.url;
      } else {
        return fail('HLS is not supported in this browser');
      }
      video.play().catch((e: unknown) => fail(`play(): ${e instanceof Error ? e.message : String(e)}`));
    })();

    return () => {
      controller.abort();
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('ended', onEnded);
      hls?.destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, []);

  return (
    <main style={{ position: 'fixed', inset: 0, background: '#000' }}>
      <video ref={videoRef} playsInline muted autoPlay style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      <p data-testid="status" style={{ position: 'absolute', left: 12, bottom: 12, margin: 0, font: '14px system-ui, sans-serif', opacity: 0.8 }}>
        {status}
      </p>
    </main>
  );
}
