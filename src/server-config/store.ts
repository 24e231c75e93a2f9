// The server's app config (feature flags, feed ads, partner threshold) as a
// store. It starts with the answer embedded in the page (no request at all),
// else with the last one received (then fetched once, and replaced); only
// when neither exists do the built-in defaults apply until the answer comes
// (or for good, when it fails). The page never waits on it.

import { proxy, ref } from 'valtio';
import { appConfigOf, configBase, defaultAppConfig, fetchAppConfigAnswer, type AppConfig } from '../api/app-config';
import { embeddedAnswer, rememberAnswer, rememberedAnswer } from './first-answer';

/** Ads are plain data handed to the feed store; ref() keeps valtio from wrapping them twice. */
const stored = (config: AppConfig): AppConfig => ({ ...config, feedAds: ref([...config.feedAds]) });

const embeddedRaw = embeddedAnswer();
const embedded = appConfigOf(embeddedRaw, configBase());
const remembered = embedded ? null : appConfigOf(rememberedAnswer(), configBase());

/** `loaded`: settled (embedded, or the fetch answered or failed); until then a remembered or default config shows. */
export const appConfigState = proxy<{ config: AppConfig; loaded: boolean }>({
  config: stored(embedded ?? remembered ?? defaultAppConfig),
  loaded: embedded !== null,
});

let pending: Promise<AppConfig> | null = embedded ? Promise.resolve(embedded) : null;
if (embedded) rememberAnswer(embeddedRaw);

export function loadAppConfig(): Promise<AppConfig> {
  pending ??= fetchAppConfigAnswer().then((answer) => {
    const config = appConfigOf(answer, configBase());
    // A failed call keeps what shows (remembered or defaults): reshaping the page would tell the visitor nothing.
    if (config) {
      rememberAnswer(answer);
      appConfigState.config = stored(config);
    }
    appConfigState.loaded = true;
    return appConfigState.config;
  });
  return pending;
}
