// Where the partner-site button leads (spec 1 §4): an existing account signs
// on, enough points open one, anything less goes to the partner's home page.

export type Win667Status = 'ready' | 'eligible' | 'insufficient';

export function win667Status(points: number, hasAccount: boolean, pointsRequired: number): Win667Status {
  if (hasAccount) return 'ready';
  return points >= pointsRequired ? 'eligible' : 'insufficient';
}
