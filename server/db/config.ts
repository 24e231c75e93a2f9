// Database constants shared by every process on one PostgreSQL.

/** Advisory lock keys (pg_advisory_lock's bigint space is shared by the whole database: keep them distinct). */
export const dbLocks = {
  migrate: 7_240_018_001, // held while one process applies the migrations (client.ts)
  shortVideoQueue: 7_240_018_002, // held (per transaction) while a process queues short-video tasks (services/short-videos/tasks-repo.ts)
} as const;
