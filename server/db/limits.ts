// Limits of the database's column types, for the schemas that bound input to them.

/** The largest value of an int4 (integer) column: ids, type ids, counts. */
export const INT4_MAX = 2_147_483_647;
