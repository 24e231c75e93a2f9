// npm start (stand-in until the real server lands): demo media + build when
// needed, then serve dist/ at / and the demo media at /media/.

import { appPaths, ensureApp } from '../static/ensure-app';
import { startStaticServer } from '../static/serve';

const paths = appPaths();
await ensureApp(paths, (message) => console.log(message));

const app = await startStaticServer({
  mounts: [
    { prefix: '/', dir: paths.dist },
    { prefix: '/media/', dir: paths.media },
  ],
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? '127.0.0.1',
});
console.log(`clipfeed listening on ${app.url}/`);

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  app.close().then(() => process.exit(0));
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
