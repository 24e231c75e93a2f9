// Worker-thread entry of the clean pool (clean-pool.ts). Plain JavaScript so
// Node can load it whatever runs the server (tsx for npm start, vitest in
// tests): it registers tsx's loader in this thread, then loads the TypeScript
// task (clean-task.ts and the engine in workers/core) through it.

import { register } from 'tsx/esm/api';

const api = register({ namespace: 'clipfeed-clean-worker' });
const task = await api.import('./clean-task.ts', import.meta.url);

export default task.default;
