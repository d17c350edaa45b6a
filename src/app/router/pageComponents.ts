import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// One lazy chunk per page (route-level code splitting): the login route loads none of these.
type Page = LazyExoticComponent<ComponentType>;

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

export const pageComponents: Record<string, Page> = {
  dashboard: page(() => import('../../features/analytics/pages/OverviewPage'), 'OverviewPage'),
  byDomain: page(() => import('../../features/analytics/pages/ByDomainPage'), 'ByDomainPage'),
  byIp: page(() => import('../../features/analytics/pages/ByIpPage'), 'ByIpPage'),
  bySenderService: page(
    () => import('../../features/analytics/pages/BySenderServicePage'),
    'BySenderServicePage',
  ),
  emailSenders: page(() => import('../../features/emailSenders/pages/EmailSendersPage'), 'EmailSendersPage'),
  reports: page(() => import('../../features/monitoring/pages/ReportsPage'), 'ReportsPage'),
  alerts: page(() => import('../../features/monitoring/pages/AlertsPage'), 'AlertsPage'),
  dmarc: page(() => import('../../features/analysisBySystem/pages/DmarcPage'), 'DmarcPage'),
  spf: page(() => import('../../features/analysisBySystem/pages/SpfPage'), 'SpfPage'),
  smtpServers: page(() => import('../../features/analysisBySystem/pages/SmtpServersPage'), 'SmtpServersPage'),
  tls: page(() => import('../../features/analysisBySystem/pages/TlsPage'), 'TlsPage'),
  mtaSts: page(() => import('../../features/analysisBySystem/pages/MtaStsPage'), 'MtaStsPage'),
  dkim: page(() => import('../../features/analysisBySystem/pages/DkimPage'), 'DkimPage'),
  dnssec: page(() => import('../../features/analysisBySystem/pages/DnssecPage'), 'DnssecPage'),
  domainInfo: page(() => import('../../features/processedData/pages/DomainInfoPage'), 'DomainInfoPage'),
  dmarcReports: page(() => import('../../features/processedData/pages/DmarcReportsPage'), 'DmarcReportsPage'),
  tlsReports: page(() => import('../../features/processedData/pages/TlsReportsPage'), 'TlsReportsPage'),
  failureReports: page(
    () => import('../../features/processedData/pages/FailureReportsPage'),
    'FailureReportsPage',
  ),
  ipVerify: page(() => import('../../features/verifyTools/pages/IpVerifyPage'), 'IpVerifyPage'),
  domainVerify: page(() => import('../../features/verifyTools/pages/DomainVerifyPage'), 'DomainVerifyPage'),
  dnsZones: page(() => import('../../features/dns/pages/DnsZonesPage'), 'DnsZonesPage'),
  account: page(() => import('../../features/settings/pages/AccountPage'), 'AccountPage'),
  auditing: page(() => import('../../features/settings/pages/AuditingPage'), 'AuditingPage'),
  dynamicSettings: page(
    () => import('../../features/settings/pages/DynamicSettingsPage'),
    'DynamicSettingsPage',
  ),
  subscriptions: page(() => import('../../features/settings/pages/SubscriptionsPage'), 'SubscriptionsPage'),
  billing: page(() => import('../../features/settings/pages/BillingPage'), 'BillingPage'),
};

export const LoginPage = page(() => import('../../features/auth/pages/LoginPage'), 'LoginPage');
export const ContactPage = page(() => import('../../features/contact/pages/ContactPage'), 'ContactPage');
export const NotFoundPage = page(() => import('../../features/notFound/pages/NotFoundPage'), 'NotFoundPage');
export const AppLayout = page(() => import('../layout/AppLayout'), 'AppLayout');

// Public account pages (sign-up, verification, password reset, invitation, recovery-code login).
const passwordReset = page(
  () => import('../../features/account/pages/PasswordResetPage'),
  'PasswordResetPage',
);
const invitation = page(() => import('../../features/account/pages/InvitationPage'), 'InvitationPage');
export const accountPages = {
  signup: page(() => import('../../features/account/pages/SignupPage'), 'SignupPage'),
  confirmRegistration: page(
    () => import('../../features/account/pages/ConfirmRegistrationPage'),
    'ConfirmRegistrationPage',
  ),
  passwordReset,
  passwordResetConfirm: passwordReset,
  invitation,
  invitationLink: invitation,
  recoveryLogin: page(() => import('../../features/account/pages/RecoveryLoginPage'), 'RecoveryLoginPage'),
  confirmEmailChange: page(
    () => import('../../features/account/pages/ConfirmEmailChangePage'),
    'ConfirmEmailChangePage',
  ),
  recipientConfirmation: page(
    () => import('../../features/recipients/pages/RecipientConfirmationPage'),
    'RecipientConfirmationPage',
  ),
};
