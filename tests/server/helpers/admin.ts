// The operator token of server tests: apps built with { ADMIN_TOKEN: testAdminToken }
// accept the short-video writes with asOperator's header.

export const testAdminToken = 'test-operator-token-0123456789-abcdefghijklmnop';

/** The Authorization header of the operator. */
export const asOperator = { authorization: `Bearer ${testAdminToken}` } as const;
