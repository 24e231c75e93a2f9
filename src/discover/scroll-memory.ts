// Where each Discover sub-state was scrolled to when a video was opened, so
// coming back puts the visitor where they were. Kept in memory only: a
// reload starts at the top.

const positions = new Map<string, number>();

export function rememberScroll(key: string, top: number): void {
  positions.set(key, top);
}

export function rememberedScroll(key: string): number | undefined {
  return positions.get(key);
}
