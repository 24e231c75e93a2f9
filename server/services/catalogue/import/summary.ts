// The import summary as the command prints it.

import type { ImportSummary } from './run';

export function formatSummary(s: ImportSummary): string {
  const available = s.pages.available === null ? '' : ` (the source has ${s.pages.available})`;
  const run = s.run.kind === 'since' ? `run ${s.run.id}: changes of the last ${s.run.hours} hours` : `run ${s.run.id}: whole source`;
  const resumed = s.run.resumedPages > 0 ? `, ${s.run.resumedPages} done before (resumed)` : '';
  const lines = [
    `source: ${s.source}`,
    run,
    `pages: ${s.pages.imported} imported, ${s.pages.failed} failed${resumed}${available}`,
    `categories: ${s.categories.inserted} inserted, ${s.categories.updated} updated`,
    `videos: ${s.videos.inserted} inserted, ${s.videos.updated} updated`,
    `gone: ${s.gone}`,
    `skipped: ${s.skipped.length}`,
    ...s.skipped.map((m) => `  - ${m}`),
    `errors: ${s.errors.length}`,
    ...s.errors.map((m) => `  - ${m}`),
  ];
  return lines.join('\n');
}
