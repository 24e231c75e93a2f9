// Limits of the payment routes that are not settings: the provider's
// notifications and the demo payment provider's pages (/pay/).

export const notifyRouteConfig = {
  // Notifications one address may send a window. A provider sends one per payment event, and again until it gets a 2xx,
  // from a few addresses: 300 a minute is 5 a second from one, far above this shop's recharges, while a script is held
  // back before any body is read or HMAC computed. A 429 applies nothing: the provider's retry is applied (once) later.
  perAddress: 300,
  windowMs: 60_000, // the window of perAddress (one minute)
  ipv6Subnet: 64, // IPv6 senders are counted per /64, like the player API
  trackedAddresses: 10_000, // addresses the in-process limiter remembers at once (least recently seen dropped first)
} as const;

export const demoProviderConfig = {
  quietModules: 4, // the white border a QR reader needs (the standard's quiet zone)
  qrMaxWidthRem: 18, // the code's largest size on screen
  // Pages one address may ask for a minute: a checkout page costs a QR encode (a few ms), so a script is held back.
  requestsPerAddressPerMinute: 60,
  rateWindowMs: 60_000, // ...per minute
  ipv6Subnet: 64, // IPv6 clients counted per /64, like the player API
  formBodyBytes: 8_192, // the confirm form: the checkout's fields, well under 4 KiB
} as const;
