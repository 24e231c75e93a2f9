// The import over HTTP (issue 13): a server holding the PGlite directory runs
// the import for the command, at POST operatorImportPath, and answers with
// NDJSON, one JSON object a line: {"log"} per progress line, {"heartbeat"}
// while nothing else is said (so neither side's idle timeout cuts a long
// import), and last {"summary"} or {"error"}. The route and the command's
// client both hold to the schemas here.

import { z } from 'zod';
import type { ImportSummary } from './run';

export const operatorImportPath = '/api/v1/operator/catalogue/import';

export const ndjsonType = 'application/x-ndjson';

/** An error as data: a stable code, a message fit to show, and whether the same call may succeed later. */
export interface ImportError {
  code: string;
  message: string;
  retryable: boolean;
}

export type ImportStreamLine = { log: string } | { heartbeat: true } | { summary: ImportSummary } | { error: ImportError };

export const importErrorSchema = z.object({ code: z.string(), message: z.string(), retryable: z.boolean() });

const counts = z.object({ inserted: z.number(), updated: z.number() });

const summarySchema = z.object({
  source: z.string(),
  run: z.object({ id: z.number(), kind: z.enum(['full', 'since']), hours: z.number().nullable(), resumedPages: z.number() }),
  pages: z.object({ imported: z.number(), failed: z.number(), available: z.number().nullable() }),
  categories: counts,
  videos: counts,
  gone: z.number(),
  skipped: z.array(z.string()),
  errors: z.array(z.string()),
});

export const importStreamLine = z.union([
  z.object({ log: z.string() }),
  z.object({ heartbeat: z.literal(true) }),
  z.object({ summary: summarySchema }),
  z.object({ error: importErrorSchema }),
]);

export function encodeLine(line: ImportStreamLine): string {
  return `${JSON.stringify(line)}\n`;
}
