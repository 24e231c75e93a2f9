// Limits of the demo payment provider's pages (/pay/) that are not settings.

export const demoProviderConfig = {
  quietModules: 4, // the white border a QR reader needs (the standard's quiet zone)
  qrMaxWidthRem: 18, // the code's largest size on screen
  // Pages one address may ask for a minute: a checkout page costs a QR encode (a few ms), so a script is held back.
  requestsPerAddressPerMinute: 60,
  rateWindowMs: 60_000, // ...per minute
  ipv6Subnet: 64, // IPv6 clients counted per /64, like the player API
  formBodyBytes: 8_192, // the confirm form: the checkout's fields, well under 4 KiB
} as const;
