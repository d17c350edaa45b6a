// What a create answers when the organization already holds as many as its plan allows (docs/BILLING.md,
// "Products"): 400, the message under the form's field (or non_field_errors), naming the limit. Keyed by the
// benefit (contract/auth.ts benefitsSchema) that sets it; the text is the errors catalogue's
// plan_limit_<benefit>, with the limit as {{limit}}.
export const planLimits = [
  'domains',
  'organization_members_limit',
  'alerts',
  'digest_reports',
  'dns_zones',
] as const;

export type PlanLimit = (typeof planLimits)[number];
