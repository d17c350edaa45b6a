// What a create answers when the organization already holds as many as its plan allows (docs/BILLING.md,
// "Products"): 400, the message under the form's field (or non_field_errors), naming the limit. Keyed by the
// benefit (contract/auth.ts benefitsSchema) that sets it.
export const planLimitMessages = {
  domains: (n: number) => `Your plan allows at most ${n} domains. Remove a domain or upgrade the plan.`,
  organization_members_limit: (n: number) =>
    `This organization has reached its limit of ${n} members. Remove a member or upgrade the plan.`,
  alerts: (n: number) => `Your plan allows at most ${n} alert rules. Remove a rule or upgrade the plan.`,
  digest_reports: (n: number) =>
    `Your plan allows at most ${n} scheduled reports. Remove a report or upgrade the plan.`,
  dns_zones: (n: number) => `Your plan allows at most ${n} DNS zones. Delete a zone or upgrade the plan.`,
} as const;

export type PlanLimit = keyof typeof planLimitMessages;
