import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SelectControl } from '../../../app/layout/controls';
import { roleLabel } from '../roleLabel';
import type { Group } from '../usersApi';
import { groupsResource, userGroupsResource } from '../usersResources';

type Props = { user: number; name: string; role: string };

// Only the member and admin groups are assignable here; ownership moves through the owner transfer.
const assignable = ['member', 'admin'];
const roleOf = (g: Group) => g.attributes.name.toLowerCase();

/** PATCH /users/{id}/groups/: the authorization group of a member or admin. */
export function UserGroupSelect({ user, name, role }: Props) {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const groups = (useAppSelector(groupsResource.selectors.selectData) ?? []).filter((g) =>
    assignable.includes(roleOf(g)),
  );
  const current = groups.find((g) => roleOf(g) === role);
  if (!current) return <>{roleLabel(t, role)}</>;
  return (
    <SelectControl
      aria-label={t('list.groupOf', { name })}
      value={String(current.id)}
      onChange={(e) =>
        dispatch(userGroupsResource.actions.request({ user, groups: [Number(e.target.value)] }))
      }
    >
      {groups.map((g) => (
        <option key={g.id} value={String(g.id)}>
          {roleLabel(t, g.attributes.name)}
        </option>
      ))}
    </SelectControl>
  );
}
