/**
 * Crash and fault tests are sized by work, not by wall-clock luck: a number of rounds, and a timeout
 * derived from the measured cost of one round. `npm test` runs the quick sizes, which still prove the
 * property (Kùzu alone fails the checkpoint test in its first round); `npm run test:soak` sets
 * ARIADNE_SOAK=1 for the long ones. An explicit `ARIADNE_<NAME>_ROUNDS` wins over both.
 */
export const SOAK = process.env.ARIADNE_SOAK === '1';

export function rounds(envName: string, quick: number, soak: number): number {
  const n = Number(process.env[envName]);
  return Number.isInteger(n) && n > 0 ? n : SOAK ? soak : quick;
}

/**
 * Timeouts are MARGIN times the measured cost. The costs were measured on a 2-core machine already loaded
 * by other work (load average 8–12); `stress-ng --cpu 2` on an otherwise idle 2-core machine slows these
 * tests about 2–3×, so 5× keeps every test under half its timeout under load and far from it when idle.
 */
export const MARGIN = 5;

export function budgetMs(work: { rounds?: number; perRoundMs?: number; fixedMs?: number }): number {
  return Math.round(MARGIN * ((work.fixedMs ?? 0) + (work.rounds ?? 0) * (work.perRoundMs ?? 0)));
}
