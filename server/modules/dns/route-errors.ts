import { errorResponses } from '../../lib/schemas';
import { serviceErrorDocument } from '../../../contract/dns';

// What the DNS routes answer besides their document: the usual errors, and 502/503 when PowerDNS does not
// answer or DNS hosting is not configured.
export const dnsReadErrors = {
  ...errorResponses(400, 401, 403, 404),
  502: serviceErrorDocument,
  503: serviceErrorDocument,
};

/** The zones of spec section 7's PowerDNS calls (server name localhost), under /api/dm. */
export const zonesPath = '/power-dns/servers/localhost/zones/';
