// The import command's arguments: URL [--pages N] [--since-last].

import { parseArgs } from 'node:util';
import { z } from 'zod';
import { importConfig } from '../config';

export const usage = `usage: npm run catalogue:import -- URL [--pages N] [--since-last]
  URL           the source's MacCMS v10 API, e.g. https://example.com/api.php/provide/vod/
                (a bare https://example.com means ${importConfig.listPath})
  --pages       import at most N pages from page 1 (default: the whole source; N at most ${importConfig.maxPages})
  --since-last  only what changed since the source's last good import or sync (MacCMS h=);
                a source never imported is imported whole
An import stopped midway (killed, or pages failed in a row) resumes where it
stopped when the same URL is imported again. Category mapping: ${importConfig.categoryMapFile} in DATA_DIR.
Writes to the server's database: DATABASE_URL, else PGlite in DATA_DIR (when a
running server holds that directory, the import runs through it, with its
operator token: ADMIN_TOKEN, else DATA_DIR/admin-token).`;

export interface ImportArgs {
  endpoint: URL;
  /** undefined: the whole source. */
  pages?: number;
  sinceLast: boolean;
}

export type ArgsResult = { ok: true; args: ImportArgs } | { ok: false; message: string };

/** The source URL as the command and the operator endpoint take it: absolute http(s); a bare origin means the list path. */
export const importEndpoint = z.string().transform((v, ctx) => {
  let url: URL;
  try {
    url = new URL(v.trim());
  } catch {
    ctx.addIssue({ code: 'custom', message: `URL must be an absolute http(s) URL, got "${v}"` });
    return z.NEVER;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.addIssue({ code: 'custom', message: `URL must be http or https, got "${url.protocol}"` });
    return z.NEVER;
  }
  if (url.pathname === '/') url.pathname = importConfig.listPath;
  url.hash = '';
  return url;
});

const pages = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > importConfig.maxPages) {
      ctx.addIssue({ code: 'custom', message: `--pages must be an integer from 1 to ${importConfig.maxPages}, got "${v}"` });
      return z.NEVER;
    }
    return n;
  });

const argsSchema = z.object({
  positionals: z.array(z.string()).length(1, 'give exactly one URL'),
  values: z.object({ pages, 'since-last': z.boolean().optional() }),
});

export function parseImportArgs(argv: readonly string[]): ArgsResult {
  let raw: { positionals: string[]; values: unknown };
  try {
    raw = parseArgs({ args: argv.filter((a) => a !== '--'), options: { pages: { type: 'string' }, 'since-last': { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  const parsed = argsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join('; ') };
  const url = importEndpoint.safeParse(parsed.data.positionals[0]);
  if (!url.success) return { ok: false, message: url.error.issues.map((i) => i.message).join('; ') };
  return { ok: true, args: { endpoint: url.data, pages: parsed.data.values.pages, sinceLast: parsed.data.values['since-last'] === true } };
}
