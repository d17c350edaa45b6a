import type { AccessClaims } from '../../../contract/auth';
import type { Language } from '../../i18n';
import type { ThemeName } from '../../theme/themes';

export type { AccessClaims };

/** The current user as the SPA holds it: the wire document of GET /api/ph/users/{id}/, camelCased. */
export type CurrentUser = {
  id: number;
  username: string;
  email: string;
  alertsEmail: string | null;
  groups: { label: string; value: number }[];
  domains: string[];
  permissions: string[];
  has2FactorAuthentication: boolean;
  stripeCustomerId: string | null;
  organization: number | null;
  benefits: {
    domains: number;
    campaigns: number;
    campaignRecipients: number;
    retention: number;
    organizationMembersLimit?: number;
  };
  trialEndDate: string | null;
  publications: { id: number; title: string }[];
  lastLogin: string | null;
  layoutTheme: ThemeName;
  language: Language;
};

export type Credentials = { username: string; password: string; code?: string };

export type FieldErrors = Record<string, string[]>;
