import { withSystem, type Database } from "@fieldops/db";
import { themeSchema, type UserPreferences } from "@fieldops/shared/company-settings";

/** A user's own preferences (any user, a platform administrator too: they are read in the system context). */
export async function getUserPreferences(db: Database, userId: string): Promise<UserPreferences> {
  const user = await withSystem(db, (tx) =>
    tx.user.findUniqueOrThrow({ where: { id: userId }, select: { theme: true } }),
  );
  const theme = themeSchema.safeParse(user.theme);
  return { theme: theme.success ? theme.data : "system" };
}

export async function updateUserPreferences(
  db: Database,
  userId: string,
  preferences: UserPreferences,
): Promise<UserPreferences> {
  await withSystem(db, (tx) => tx.user.update({ where: { id: userId }, data: { theme: preferences.theme } }));
  return preferences;
}
