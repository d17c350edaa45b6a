import { errorMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as orgApi from './organizationsApi';

const t = (key: string) => i18n.t(key, { ns: 'organizations' });

export const organizationDetailResource = registerResource(
  createResource<number, orgApi.OrganizationDetail>({
    name: 'organizationDetail',
    kind: 'read',
    request: (id) => orgApi.fetchOrganizationDetail(id),
    failureMessage: (error) => errorMessage(error, t('messages.loadFailed'), { from: 'detail' }),
  }),
);

export type MemberAction =
  | { kind: 'owner'; org: number; user: number }
  | { kind: 'admin'; org: number; user: number; admin: boolean }
  | { kind: 'remove'; org: number; user: number }
  | { kind: 'rename'; org: number; name: string };

function runAction(action: MemberAction) {
  switch (action.kind) {
    case 'owner':
      return orgApi.changeOwner(action.org, action.user);
    case 'admin':
      return orgApi.setAdmin(action.org, action.user, action.admin);
    case 'remove':
      return orgApi.removeMember(action.org, action.user);
    case 'rename':
      return orgApi.updateOrganization(action.org, action.name);
  }
}

// Spec section 8 texts, word for word (the English locale holds them).
const failureKey: Record<MemberAction['kind'], string> = {
  owner: 'messages.ownerFailed',
  admin: 'messages.updateFailed',
  remove: 'messages.removeFailed',
  rename: 'messages.updateFailed',
};

export const memberActionResource = registerResource(
  createResource<MemberAction, unknown>({
    name: 'organizationMemberAction',
    kind: 'write',
    method: (action) => (action.kind === 'remove' ? 'delete' : action.kind === 'admin' ? 'post' : 'patch'),
    request: (action) => runAction(action),
    successMessage: (_data, action) => t(`messages.${action.kind}Done`),
    failureMessage: (error, action) =>
      errorMessage(error, t(failureKey[action.kind]), {
        // Field and form errors (e.g. the member limit); other failures get the catalogue text.
        from: ['nonFieldErrors', 'all', { field: 'owner' }, { field: 'user' }, { field: 'name' }],
      }),
    onSuccess: (_data, action) => organizationDetailResource.actions.request(action.org),
  }),
);

export const invitationResource = registerResource(
  createResource<orgApi.Invitation | { resend: number; org: number }, unknown>({
    name: 'organizationInvitation',
    kind: 'write',
    method: 'post',
    request: (body) => ('resend' in body ? orgApi.resendInvitation(body.resend) : orgApi.inviteMember(body)),
    successMessage: (_data, body) => t('resend' in body ? 'messages.resent' : 'messages.invited'),
    failureMessage: (error, body) =>
      'resend' in body
        ? t('messages.resendFailed')
        : errorMessage(error, t('messages.addUserFailed'), { from: ['allFields', 'detail'] }),
    onSuccess: (_data, body) =>
      organizationDetailResource.actions.request('resend' in body ? body.org : body.organization),
  }),
);
