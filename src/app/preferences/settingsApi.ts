import type { z } from 'zod';
import type { userSettingsBody } from '../../../contract/users';
import { call } from '../../api/call';
import { userOps } from '../../../contract/operations/users';

/** The user's stored preferences as PATCH /api/ph/users/{id}/settings/ takes them (contract/users.ts). */
export type UserSettings = z.input<typeof userSettingsBody>;

/** PATCH /api/ph/users/{id}/settings/: the user's stored layout theme and language. */
export async function saveUserSettings(userId: number, settings: UserSettings): Promise<void> {
  await call(userOps.updateSettings, { params: { id: userId }, body: settings });
}
