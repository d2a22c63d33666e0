import { withSystem, type Database } from "@fieldops/db";
import { MAX_MENU_ITEMS, menuItemSchema, type Menu, type MenuId, type MenuItem } from "@fieldops/shared/admin";
import type { PlatformAdminActor } from "./platform-admin-actor.ts";

/**
 * A menu as stored by the platform's administrators; `customized: false` and no items when it was never edited (or
 * was reset), so the app shows its built-in menu. Read by every signed-in user.
 */
export async function getNavigationMenu(db: Database, menu: MenuId): Promise<Menu> {
  const row = await withSystem(db, (tx) => tx.navigationMenu.findUnique({ where: { id: menu } }));
  if (!row) return { menu, items: [], customized: false };
  const items = (Array.isArray(row.items) ? row.items : []).flatMap((item) => {
    const parsed = menuItemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return { menu, items: items.slice(0, MAX_MENU_ITEMS), customized: true };
}

/** Stores a menu's labels, order and hidden items (each item at most once, by its url). */
export async function saveNavigationMenu(
  db: Database,
  input: { menu: MenuId; items: MenuItem[]; actor: PlatformAdminActor },
): Promise<Menu> {
  const seen = new Set<string>();
  const items = input.items.filter((item) => !seen.has(item.url) && seen.add(item.url));
  await withSystem(db, (tx) =>
    tx.navigationMenu.upsert({
      where: { id: input.menu },
      create: { id: input.menu, items, updatedByUserId: input.actor.userId },
      update: { items, updatedByUserId: input.actor.userId },
    }),
  );
  return getNavigationMenu(db, input.menu);
}

/** Back to the built-in menu. */
export async function resetNavigationMenu(db: Database, menu: MenuId): Promise<Menu> {
  await withSystem(db, (tx) => tx.navigationMenu.deleteMany({ where: { id: menu } }));
  return { menu, items: [], customized: false };
}
