// The public face of the email-senders area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { logoUrl } from './service';
export { attributeIps } from './attribution';
export { refreshSenderNetworks, senderNetworksRefreshJob } from './refresh-job';
