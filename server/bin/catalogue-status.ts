// npm run catalogue:status [-- --json]
// Every imported catalogue source: videos shown and gone, the last good sync,
// and the newest run with its outcome. Reads the server's database directly,
// or asks the running server (its operator route, with the operator token)
// when that server holds the PGlite directory (command-database.ts).

import type { ServerConfig } from '../config';
import { statusThroughServer } from '../services/catalogue/import/index';
import { formatStatus, operatorStatusPath, sourcesStatus, statusAnswerSchema } from '../services/catalogue/sync/index';
import { commandConfig, openCommandDatabase, tokenRefused, type HeldBy } from './command-database';

type Sources = Awaited<ReturnType<typeof sourcesStatus>>;

const work = 'catalogue:status';

async function throughServer(config: ServerConfig, server: HeldBy): Promise<Sources | string> {
  if (!server.ok) return server.message;
  const answer = await statusThroughServer(server.url, server.token, operatorStatusPath);
  if (!answer.ok) return answer.message;
  if (answer.status === 401) return tokenRefused(config, work);
  const parsed = statusAnswerSchema.safeParse(answer.body);
  return parsed.success ? parsed.data.sources : `the server answered ${answer.status} without a status`;
}

async function main(argv: readonly string[]): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  if (args.some((a) => a !== '--json')) {
    process.stderr.write('usage: npm run catalogue:status [-- --json]\n');
    return 1;
  }
  const config = commandConfig();
  if (!config) return 1;
  const opened = await openCommandDatabase(config, work, 1);
  let sources: Sources | string;
  if ('server' in opened) sources = await throughServer(config, opened.server);
  else {
    try {
      sources = await sourcesStatus(opened.database.db);
    } finally {
      await opened.database.close();
    }
  }
  if (typeof sources === 'string') {
    process.stderr.write(`${sources}\n`);
    return 1;
  }
  process.stdout.write(`${args.includes('--json') ? JSON.stringify({ sources }, null, 2) : formatStatus(sources)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
