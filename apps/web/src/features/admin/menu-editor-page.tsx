import { useState } from "react";
import type { Menu, MenuId, MenuItem } from "@fieldops/shared/admin";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { useNavigationMenu } from "../../lib/navigation-menus";
import { BUILT_IN_MENUS, menuLinks } from "../../shell/navigation";
import { usePageTitle } from "../../shell/page-title";
import { AdminPageHeader, ADMIN_REQUEST_FAILED } from "./admin-parts";
import { useSaveMenu } from "./admin-queries";
import { apiErrorMessage } from "../../lib/api-error";

const TITLES: Record<MenuId, { title: string; description: string }> = {
  primary: {
    title: "Primary Menu",
    description: "The sidebar of a company's users: its labels, order and hidden items.",
  },
  secondary: { title: "Secondary Menu", description: "The admin portal's menu: its labels, order and hidden items." },
};

/** The built-in links with the stored edits applied, in the stored order (links the edits do not name after). */
function editableItems(menu: MenuId, stored: Menu | undefined): MenuItem[] {
  const builtIn = menuLinks(BUILT_IN_MENUS[menu]).map((link) => ({ url: link.url, title: link.title, hidden: false }));
  if (!stored?.customized) return builtIn;
  const byUrl = new Map(stored.items.map((item) => [item.url, item]));
  const known = stored.items.filter((item) => builtIn.some((link) => link.url === item.url));
  return [...known, ...builtIn.filter((link) => !byUrl.has(link.url))];
}

function Editor({ menu, stored }: { menu: MenuId; stored: Menu | undefined }) {
  const save = useSaveMenu(menu);
  const [items, setItems] = useState<MenuItem[]>(() => editableItems(menu, stored));
  const [saved, setSaved] = useState(false);
  const update = (index: number, change: Partial<MenuItem>) => {
    setSaved(false);
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));
  };
  const move = (index: number, by: number) => {
    setSaved(false);
    setItems((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  };
  return (
    <Card role="region" aria-label="Menu items">
      <CardHeader>
        <CardTitle className="text-base">Items</CardTitle>
        <CardDescription>
          {stored?.customized
            ? "Edited: the sidebar shows this menu."
            : "The built-in menu, as the sidebar shows it now."}{" "}
          Order applies within each group of the sidebar.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {items.map((item, index) => (
          <div key={item.url} className="flex flex-wrap items-center gap-2" data-testid={`menu-item-${item.url}`}>
            <Input
              className="max-w-56"
              aria-label={`Label of ${item.url}`}
              value={item.title}
              maxLength={60}
              onChange={(event) => update(index, { title: event.target.value })}
            />
            <code className="text-xs text-muted-foreground">{item.url}</code>
            <label className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={item.hidden}
                onChange={(event) => update(index, { hidden: event.target.checked })}
              />
              Hidden
            </label>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Move ${item.title} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Move ${item.title} down`}
              disabled={index === items.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </Button>
          </div>
        ))}
        {save.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{apiErrorMessage(save.error, ADMIN_REQUEST_FAILED)}</AlertDescription>
          </Alert>
        ) : null}
        {saved ? (
          <p role="status" className="text-sm text-muted-foreground">
            Saved.
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button disabled={save.isPending} onClick={() => save.mutate(items, { onSuccess: () => setSaved(true) })}>
            {save.isPending ? "Saving..." : "Save menu"}
          </Button>
          <Button
            variant="outline"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(null, {
                onSuccess: () => {
                  setItems(editableItems(menu, undefined));
                  setSaved(true);
                },
              })
            }
          >
            Reset to built-in
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** /menu/primary and /menu/secondary: a navigation menu's labels, order and hidden items, as the sidebar shows them. */
export function MenuEditorPage({ menu }: { menu: MenuId }) {
  usePageTitle(TITLES[menu].title);
  const stored = useNavigationMenu(menu);
  return (
    <div className="grid gap-6">
      <AdminPageHeader title={TITLES[menu].title} description={TITLES[menu].description} />
      {stored === undefined ? null : <Editor key={menu} menu={menu} stored={stored} />}
    </div>
  );
}
