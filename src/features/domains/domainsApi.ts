import { call, type Answer } from '../../api/call';
import { domainOps } from '../../../contract/operations/domains';
import { domainGroupOps } from '../../../contract/operations/domain-groups';
import type { Wire } from '../../../contract/casing';
import type { detailDocument, verificationSchema } from '../../../contract/domains';

// Domains and domain groups (under /api/dm); the shapes are the contract's (contract/domains.ts).

/** Ownership of a domain (docs/PERMISSIONS.md): its state and the records that verify it. */
export type Verification = Wire<typeof verificationSchema>;
export type Domain = Answer<typeof domainOps.verify>['data'];
export type DomainGroup = Answer<typeof domainGroupOps.readV2>['data'];
type Detail = Wire<typeof detailDocument>;

export async function fetchDomains(): Promise<Domain[]> {
  return (await call(domainOps.listV2, { query: { page: 1, page_size: 100 } })).data;
}

export async function createDomain(name: string): Promise<Domain> {
  return (await call(domainOps.create, { body: { name } })).data;
}

/** "Check now": asks DNS for the domain's proof and answers the domain with its new state. */
export async function verifyDomain(id: number): Promise<Domain> {
  return (await call(domainOps.verify, { params: { id } })).data;
}

/** `zones: 'delete'`: the hosted DNS zones that depend on the domain go too (without it, such a domain is a 409). */
export async function deleteDomain(name: string, zones?: 'delete'): Promise<Detail> {
  return call(domainOps.delete, { params: { name }, query: { zones } });
}

export async function fetchDomainGroups(): Promise<DomainGroup[]> {
  return (await call(domainGroupOps.listV2, { query: { page: 1, page_size: 100 } })).data;
}

type GroupAnswer = Answer<typeof domainGroupOps.readV2>;

export async function createDomainGroup(name: string): Promise<GroupAnswer> {
  return call(domainGroupOps.createV2, { body: { name } });
}

/** 204: no body. */
export async function deleteDomainGroup(id: number): Promise<void> {
  await call(domainGroupOps.deleteV2, { params: { id } });
}

export async function addGroupDomains(id: number, domains: string[]): Promise<GroupAnswer> {
  return call(domainGroupOps.addDomainsV2, { params: { id }, body: { domains } });
}

export async function removeGroupDomains(id: number, domains: string[]): Promise<GroupAnswer> {
  return call(domainGroupOps.removeDomainsV2, { params: { id }, body: { domains } });
}
