import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_tenancy';
import * as m0010 from './0010_reports';
import * as m0020 from './0020_reputation';
import * as m0030 from './0030_email_senders';
import * as m0031 from './0031_check_history';
import * as m0032k from './0032_ingest_keys';
import * as m0032m from './0032_mailbox_state';
import * as m0033 from './0033_analytics_summaries';
import * as m0034 from './0034_ingest_indexes';
import * as m0035 from './0035_sender_domain_blocks';
import * as m0036 from './0036_record_auth_results';
import * as m0037 from './0037_ingest_write_costs';
import * as m0038 from './0038_report_own_files';
import * as m0039 from './0039_domain_ownership';
import * as m0040 from './0040_outbox_retry';
import * as m0041 from './0041_unique_addresses';
import * as m0042 from './0042_partitioned_history';
import * as m0043 from './0043_tenant_keys';
import * as m0044 from './0044_bigint_ids';
import * as m0045 from './0045_alerts';
import * as m0046 from './0046_organization_keys';
import * as m0047 from './0047_digest_reports';
import * as m0048 from './0048_citus_last_rules';
import * as m0049 from './0049_dns_zones';
import * as m0050 from './0050_billing';
import * as m0052 from './0052_sender_network_snapshot';
import * as m0053 from './0053_user_language_unset';
import * as m0054 from './0054_dns_zone_storage';
import * as m0056 from './0056_dns_known_serial';
import * as m0057 from './0057_ip_spans_messages';
import * as m0058 from './0058_held_aggregate_reports';
import * as m0059 from './0059_serial_dashboard_reads';
import * as m0060 from './0060_recipient_addresses';
import * as m0062 from './0062_mail_budget';
import * as m0067 from './0067_self_registered_organizations';
import * as m0072 from './0072_alert_webhook_formats_and_acks';

// Static list (not a folder scan) so migrations work the same from the sources, in tests and in a bundle.
// Append only.
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_tenancy': m0002,
  '0010_reports': m0010,
  '0020_reputation': m0020,
  '0030_email_senders': m0030,
  '0031_check_history': m0031,
  '0032_ingest_keys': m0032k,
  '0032_mailbox_state': m0032m,
  '0033_analytics_summaries': m0033,
  '0034_ingest_indexes': m0034,
  '0035_sender_domain_blocks': m0035,
  '0036_record_auth_results': m0036,
  '0037_ingest_write_costs': m0037,
  '0038_report_own_files': m0038,
  '0039_domain_ownership': m0039,
  '0040_outbox_retry': m0040,
  '0041_unique_addresses': m0041,
  '0042_partitioned_history': m0042,
  '0043_tenant_keys': m0043,
  '0044_bigint_ids': m0044,
  '0045_alerts': m0045,
  '0046_organization_keys': m0046,
  '0047_digest_reports': m0047,
  '0048_citus_last_rules': m0048,
  '0049_dns_zones': m0049,
  '0050_billing': m0050,
  '0052_sender_network_snapshot': m0052,
  '0053_user_language_unset': m0053,
  '0054_dns_zone_storage': m0054,
  '0056_dns_known_serial': m0056,
  '0057_ip_spans_messages': m0057,
  '0058_held_aggregate_reports': m0058,
  '0059_serial_dashboard_reads': m0059,
  '0060_recipient_addresses': m0060,
  '0062_mail_budget': m0062,
  '0067_self_registered_organizations': m0067,
  '0072_alert_webhook_formats_and_acks': m0072,
};
