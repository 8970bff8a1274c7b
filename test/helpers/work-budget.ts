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
 * Timeouts are MARGIN times the measured cost. The costs were measured on a 2-core machine loaded by other
 * work (load average 8–12); the same rounds took up to 3.5× longer at load average 15 (store crash: 3.0 s
 * and 10.6 s per round). A timeout is a hang detector, not a speed check (benchmarks measure speed), so 8×
 * keeps that worst case under half the timeout and an idle machine far below it.
 */
export const MARGIN = 8;

export function budgetMs(work: { rounds?: number; perRoundMs?: number; fixedMs?: number }): number {
  return Math.round(MARGIN * ((work.fixedMs ?? 0) + (work.rounds ?? 0) * (work.perRoundMs ?? 0)));
}
