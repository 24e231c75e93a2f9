// npm run media [-- --out DIR] [-- --force]: generate the demo HLS media (default data/media, or MEDIA_DIR).

import { parseArgs } from 'node:util';
import { generateDemoMedia } from '../services/media/generate';

const { values } = parseArgs({
  options: { out: { type: 'string', short: 'o' }, force: { type: 'boolean', short: 'f' } },
});

try {
  const result = await generateDemoMedia({
    outDir: values.out ?? process.env.MEDIA_DIR,
    force: values.force,
    log: (message) => console.log(message),
  });
  console.log(result.skipped ? `demo media up to date in ${result.outDir}` : `demo media written to ${result.outDir}`);
  for (const [name, file] of Object.entries(result.playlists)) console.log(`  ${name}: ${file}`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
}
