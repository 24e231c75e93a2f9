// Catalogue sources, runs and their status (issue 18): what the operator
// route, the status command and the scheduler call, and the import lock.

export { formatStatus, sourcesStatus, statusAnswerSchema } from './status';
export { importLockHeld, takeImportLock } from './import-lock';

export const operatorStatusPath = '/api/v1/operator/catalogue/status';
