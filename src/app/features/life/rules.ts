// Row limits of life data (spec 1, 5 and 9): a data set holds at most 400,000 rows; a trial (non-VIP)
// account calculates only small data volumes. The limits are shared rules (the service refuses to save
// more); the user info says whether the account is a trial one (`vip: false`).
import { LIFE_DATA_MAX_ROWS, TRIAL_ROW_LIMIT } from "../../../shared/constants.ts";

export { TRIAL_ROW_LIMIT };
export const MAX_ROWS = LIFE_DATA_MAX_ROWS;

export function isTrialAccount(user: Record<string, unknown> | null | undefined): boolean {
  return user?.vip === false;
}

export function rowLimitFor(user: Record<string, unknown> | null | undefined): number {
  return isTrialAccount(user) ? TRIAL_ROW_LIMIT : MAX_ROWS;
}
