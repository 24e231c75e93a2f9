// Spending credits (spec 2 §5, spec 3 §5): allowed only when the balance is
// at least the amount, else insufficientBalance; a balance never goes below 0.

export type SpendCheck = { ok: true; balanceAfter: number } | { ok: false; code: 'insufficientBalance'; needed: number };

export function checkSpend(balance: number | null, amount: number): SpendCheck {
  const have = Math.max(0, balance ?? 0);
  const cost = Math.max(0, amount);
  if (have < cost) return { ok: false, code: 'insufficientBalance', needed: cost - have };
  return { ok: true, balanceAfter: Math.max(0, have - cost) };
}
