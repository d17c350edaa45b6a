import type { Db } from '../../db/database';
import { fieldError, type AppError } from '../../lib/errors';
import type { PlanLimit } from '../../../contract/plan-limits';
import { lockedBenefits } from './organization-rows';
import { benefitsFor } from './roles';

// The one check every create makes against what the organization's plan allows (docs/BILLING.md, "Products"):
// the benefits column (written by the billing sync, the defaults of spec section 9 when a key is absent) and
// a count of what the organization already holds. The organization's row is locked until the transaction
// ends, so two creates at once cannot both take the last place.

/** The 400 naming the limit when `count()` has reached it, else null. */
export async function overPlanLimit(
  db: Db,
  organizationId: number,
  limit: PlanLimit,
  count: () => Promise<number>,
  field = 'non_field_errors',
): Promise<AppError | null> {
  const org = await lockedBenefits(db, organizationId);
  const allowed = benefitsFor(org?.benefits)[limit];
  if ((await count()) < allowed) return null;
  return fieldError(field, `plan_limit_${limit}`, { limit: allowed });
}
