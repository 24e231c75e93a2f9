// One schema for PGlite and PostgreSQL (drizzle-kit generates one migration set from it).
export * from './players';
export * from './catalogue';
export * from './catalogue-sync';
export * from './short-videos';
export * from './analytics';
export * from './invites';
export * from './payments';
