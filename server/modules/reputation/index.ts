// The public face of the reputation area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { defaultRecaptchaVerifyUrl, type ReputationSettings } from './settings';
export { ipBlocklistStatus, type IpBlocklistStatus, neverLookedUp } from './lookup/ip-status';
export { namedBlocklists, type NamedList } from './lookup/list-names';
