// The public face of the organizations area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { assertSeatAvailable } from './members-service';
export { detachAndDelete, visibleOrganization } from './service';
