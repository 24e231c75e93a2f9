// The import summary as the command prints it.

import type { ImportSummary } from './run';

export function formatSummary(s: ImportSummary): string {
  const available = s.pages.available === null ? '' : ` (the source has ${s.pages.available})`;
  const lines = [
    `source: ${s.source}`,
    `pages: ${s.pages.imported} imported, ${s.pages.failed} failed${available}`,
    `categories: ${s.categories.inserted} inserted, ${s.categories.updated} updated`,
    `videos: ${s.videos.inserted} inserted, ${s.videos.updated} updated`,
    `skipped: ${s.skipped.length}`,
    ...s.skipped.map((m) => `  - ${m}`),
    `errors: ${s.errors.length}`,
    ...s.errors.map((m) => `  - ${m}`),
  ];
  return lines.join('\n');
}
