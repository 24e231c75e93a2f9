// Catalogue sources, runs and their status (issue 18): what the operator
// route, the status command and the scheduler call.

export { formatStatus, sourcesStatus, statusAnswerSchema } from './status';

export const operatorStatusPath = '/api/v1/operator/catalogue/status';
