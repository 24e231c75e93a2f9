// The server's app config (feature flags, feed ads, partner threshold) as a
// store: one fetch at start; until it answers (or when it fails) the built-in
// defaults apply, so the page never waits on it.

import { proxy, ref } from 'valtio';
import { defaultAppConfig, fetchAppConfig, type AppConfig } from '../api/app-config';

export const appConfigState = proxy<{ config: AppConfig; loaded: boolean }>({ config: defaultAppConfig, loaded: false });

let pending: Promise<AppConfig> | null = null;

export function loadAppConfig(): Promise<AppConfig> {
  pending ??= fetchAppConfig().then((config) => {
    // Ads are plain data handed to the feed store; ref() keeps valtio from wrapping them twice.
    appConfigState.config = { ...config, feedAds: ref([...config.feedAds]) };
    appConfigState.loaded = true;
    return config;
  });
  return pending;
}
