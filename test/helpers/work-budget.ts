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
 * Timeouts are MARGIN times the measured cost. Round costs vary a lot with load: store crash took 3.0 s per
 * round at load average 8 and 10.6 s at 15 while its children ran under tsx (now bundled: 3.4 s at 16). The
 * costs in the tests were measured at load average 15–16 on 2 cores, the worst seen. A timeout is a hang
 * detector, not a speed check (benchmarks measure speed): 8× keeps a test under half its timeout even when
 * it runs 4× slower than measured, and an idle machine far below.
 */
export const MARGIN = 8;

export function budgetMs(work: { rounds?: number; perRoundMs?: number; fixedMs?: number }): number {
  return Math.round(MARGIN * ((work.fixedMs ?? 0) + (work.rounds ?? 0) * (work.perRoundMs ?? 0)));
}
