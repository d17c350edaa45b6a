// The public face of the recipients area (who may get an organization's mail, docs/DIGESTS.md "Who gets the
// mail"): the check the digests and alerts make before they mail, the confirmation asked for when an address
// is saved, the routes.
export { askConfirmations, destinationStates, mailableAddresses, mailableByOrganization } from './service';
export { recipientRoutes } from './routes';
