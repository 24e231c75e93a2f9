// Constants of the video detail page (spec 2 §2.4, §4, §9), one comment each.
// Values marked "ours" are not in the spec.

export const detailConfig = {
  plotCollapseChars: 150, // the plot is collapsible when longer than 150 characters (spec 2 §5, §9)
  backLongPressMs: 1000, // a 1 s press on back shows a hint (spec 2 §2.4, §9)
  backHintMs: 2000, // the hint stays as long as the centre tip's default (spec 1 §9)
  relatedSkeletons: 8, // skeleton cards while related videos load: the grid's size, 8 (spec 2 §9)
  hlsWarmLatestMs: 2000, // hls.js is fetched for the play buttons in an idle moment at most 2 s after the page shows (ours)
} as const;
