// The app config store's constants (ours: issue 17, layout shifts of the first render).

export const serverConfigConfig = {
  embeddedElementId: 'clipfeed-app-config', // the data block GET / puts in the page (server/static/app-config-embed.ts)
  rememberKey: 'clipfeed_app_config', // local storage: the last answer received, for pages served without one embedded
} as const;
