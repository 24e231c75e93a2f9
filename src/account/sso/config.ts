// Partner-site sign-on constants (spec 1 §4, §8).

export const ssoConfig = {
  // The partner's home page when the sign-on link cannot be had; VITE_PARTNER_URL overrides the demo partner.
  partnerHome: (import.meta.env.VITE_PARTNER_URL as string | undefined) || '/partner/',
  fallbackRemainingPoints: 999, // remaining_points of the fallback answer (spec 1 §8)
} as const;
