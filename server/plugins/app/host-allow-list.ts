// The playlist hosts of the catalogue, as app.hostAllowList
// (server/services/media/allowed-hosts.ts): the only hosts the clean endpoint
// and the task worker fetch playlists from. One cached list per app.

import fp from 'fastify-plugin';
import { createHostAllowList, type HostAllowList } from '../../services/media/allowed-hosts';

declare module 'fastify' {
  interface FastifyInstance {
    hostAllowList: HostAllowList;
  }
}

export default fp(
  async (app) => {
    app.decorate('hostAllowList', createHostAllowList(app.db));
  },
  { name: 'host-allow-list', dependencies: ['database'] },
);
