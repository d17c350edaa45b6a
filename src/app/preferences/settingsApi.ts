import type { z } from 'zod';
import type { userSettingsBody } from '../../../contract/users';
import { api, apiBase } from '../../api/client';

/** The user's stored preferences as PATCH /api/ph/users/{id}/settings/ takes them (contract/users.ts). */
export type UserSettings = z.input<typeof userSettingsBody>;

/** PATCH /api/ph/users/{id}/settings/: the user's stored layout theme and language. */
export async function saveUserSettings(userId: number, settings: UserSettings): Promise<void> {
  await api.patch(`${apiBase.ph}/users/${userId}/settings/`, settings);
}
