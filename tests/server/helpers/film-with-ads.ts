// The ad-laden film playlist the server tests serve from a loopback upstream:
// film segments of 6 s in one directory, ads of 5 s from another (/ads/spot/),
// each pod behind a discontinuity, as a cleaner should find them.

export interface FilmShape {
  /** Film segments. */
  count: number;
  /** With a number: a 3-ad pod as pre-roll and after this many film segments; null: film only. */
  mid: number | null;
  /** A third pod as post-roll (with `mid`). */
  postRoll: boolean;
}

export function filmWithAds(dir: string, { count, mid, postRoll }: FilmShape): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:6', '#EXT-X-PLAYLIST-TYPE:VOD'];
  const pod = () => ['0', '1', '2'].forEach((i) => lines.push('#EXTINF:5.0,', `/ads/spot/ad_00${i}.ts`));
  if (mid !== null) pod();
  for (let i = 0; i < count; i++) {
    if (mid !== null && (i === 0 || i === mid)) lines.push('#EXT-X-DISCONTINUITY');
    lines.push('#EXTINF:6.0,', `${dir}/seg_${String(i).padStart(3, '0')}.ts`);
    if (mid !== null && i === mid - 1) {
      lines.push('#EXT-X-DISCONTINUITY');
      pod();
    }
  }
  if (mid !== null && postRoll) {
    lines.push('#EXT-X-DISCONTINUITY');
    pod();
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}
