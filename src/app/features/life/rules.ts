// Row limits of life data (spec 1, 5 and 9): a data set holds at most 400,000 rows; a trial (non-VIP)
// account calculates only small data volumes. The service marks a trial account in the user info.
/** Trial (non-VIP) accounts analyse at most this many rows (spec 1 and 5: "small data volumes"). */
export const TRIAL_ROW_LIMIT = 1000;
export const MAX_ROWS = 400_000;

/** Whether the user info marks a trial account: the service's `vip: false` (or `trial: true`). */
export function isTrialAccount(user: Record<string, unknown> | null | undefined): boolean {
  if (!user) return false;
  return user.vip === false || user.trial === true;
}

export function rowLimitFor(user: Record<string, unknown> | null | undefined): number {
  return isTrialAccount(user) ? TRIAL_ROW_LIMIT : MAX_ROWS;
}
