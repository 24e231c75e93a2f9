// The words for an upstream playlist that cannot be used, shared by
// load-media.ts (the short-video tasks) and the clean endpoint's worker task
// (clean-task.ts), which must answer exactly as the endpoint always has.

export const loadFailure = {
  unusable: (why: string) => `Upstream is not a usable playlist: ${why}`,
  noVariants: 'Upstream master playlist lists no variants.',
  variantIsMaster: 'Upstream variant is itself a master playlist.',
} as const;
