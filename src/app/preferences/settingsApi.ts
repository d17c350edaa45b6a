import { api, apiBase } from '../../api/client';
import type { Language } from '../../i18n';
import type { ThemeName } from '../../theme/themes';

export type UserSettings = { layout_theme?: ThemeName; language?: Language };

/** PATCH /api/ph/users/{id}/settings/: the user's stored layout theme and language. */
export async function saveUserSettings(userId: number, settings: UserSettings): Promise<void> {
  await api.patch(`${apiBase.ph}/users/${userId}/settings/`, settings);
}
