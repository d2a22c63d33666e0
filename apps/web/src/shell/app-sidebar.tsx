import { useState, type ReactNode } from "react";
import { Collapsible } from "radix-ui";
import { Link, useLocation } from "react-router";
import { ChevronRight, Leaf, LogOut, Moon, Sun } from "lucide-react";
import type { User } from "@fieldops/shared/auth";
import { useLogout } from "../lib/session";
import { Badge } from "../components/ui/badge";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  SidebarRail,
  SidebarSeparator,
  useSidebar,
} from "../components/ui/sidebar";
import { Skeleton } from "../components/ui/skeleton";
import { useTheme } from "../lib/theme";
import { useCompany } from "../lib/company";
import { useCustomObjects } from "../lib/custom-objects";
import { useNavigationMenu } from "../lib/navigation-menus";
import { useCompanyTerms } from "../lib/terms";
import { UnreadMessagesBadge } from "../lib/unread-messages";
import { APP_NAME, LOGO_PATH } from "./page-title";
import {
  applyTerms,
  customObjectsGroup,
  isCollapsible,
  isLinkActive,
  navigationFor,
  type NavCollapsible,
  type NavGroup,
  type NavLink,
} from "./navigation";

function CompanyHeader({ user }: { user: User }) {
  const company = useCompany(user.companyId);
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <div className="flex items-center gap-2 p-2 group-data-[collapsible=icon]:p-0">
          <Link
            to={LOGO_PATH}
            aria-label={APP_NAME}
            className="flex size-8 shrink-0 items-center justify-center rounded-md bg-sidebar-primary text-sidebar-primary-foreground outline-hidden ring-sidebar-ring focus-visible:ring-2"
          >
            <Leaf className="size-4" aria-hidden="true" />
          </Link>
          <div className="grid min-w-0 flex-1 text-left text-sm leading-tight group-data-[collapsible=icon]:hidden">
            {user.companyId === null ? (
              <span className="truncate font-semibold">{APP_NAME}</span>
            ) : company.data ? (
              <>
                <span className="truncate font-semibold" data-testid="sidebar-company-name">
                  {company.data.name}
                </span>
                <span className="truncate text-xs text-sidebar-foreground/70">{company.data.planName} plan</span>
              </>
            ) : company.isError ? (
              <span className="truncate font-semibold">{APP_NAME}</span>
            ) : (
              <>
                <Skeleton className="h-4 w-28" />
                <Skeleton className="mt-1 h-3 w-16" />
              </>
            )}
          </div>
          {company.data?.betaMode ? (
            <Badge variant="outline" className="group-data-[collapsible=icon]:hidden">
              Beta Mode
            </Badge>
          ) : null}
        </div>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}

function NavLinkItem({ link, pathname, onNavigate }: { link: NavLink; pathname: string; onNavigate: () => void }) {
  const Icon = link.icon;
  const active = isLinkActive(link, pathname);
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={link.title}>
        <Link to={link.url} onClick={onNavigate} aria-current={active ? "page" : undefined}>
          <Icon />
          <span>{link.title}</span>
          {link.badge === "unreadMessages" ? <UnreadMessagesBadge /> : null}
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

function NavCollapsibleItem({
  entry,
  pathname,
  onNavigate,
}: {
  entry: NavCollapsible;
  pathname: string;
  onNavigate: () => void;
}) {
  const { state, setOpen, isMobile } = useSidebar();
  const [groupOpen, setGroupOpen] = useState(entry.defaultOpen);
  const Icon = entry.icon;
  return (
    <Collapsible.Root asChild open={groupOpen} onOpenChange={setGroupOpen} className="group/collapsible">
      <SidebarMenuItem>
        <Collapsible.Trigger asChild>
          <SidebarMenuButton
            tooltip={entry.title}
            onClick={(event) => {
              // Collapsed to icons, the group's links are hidden: open the sidebar and the group to show them
              // (instead of toggling the group, which could close it).
              if (state === "collapsed" && !isMobile) {
                event.preventDefault();
                setOpen(true);
                setGroupOpen(true);
              }
            }}
          >
            <Icon />
            <span>{entry.title}</span>
            <ChevronRight
              aria-hidden="true"
              className="ml-auto transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90"
            />
          </SidebarMenuButton>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <SidebarMenuSub>
            {entry.items.map((link) => {
              const SubIcon = link.icon;
              const active = isLinkActive(link, pathname);
              return (
                <SidebarMenuSubItem key={link.url}>
                  <SidebarMenuSubButton asChild isActive={active}>
                    <Link to={link.url} onClick={onNavigate} aria-current={active ? "page" : undefined}>
                      <SubIcon />
                      <span>{link.title}</span>
                      {link.badge === "unreadMessages" ? <UnreadMessagesBadge /> : null}
                    </Link>
                  </SidebarMenuSubButton>
                </SidebarMenuSubItem>
              );
            })}
          </SidebarMenuSub>
        </Collapsible.Content>
      </SidebarMenuItem>
    </Collapsible.Root>
  );
}

/** An id for a group's label: aria-labelledby takes a list of ids, so a label's spaces (and "&") cannot be in it. */
function groupLabelId(label: string): string {
  return `nav-group-${label.replace(/[^A-Za-z0-9]+/g, "-")}`;
}

/** The app's sidebar; a tenant's pages give their own `groups` and `header` (the tenant's brand). */
export function AppSidebar({ user, groups, header }: { user: User; groups?: readonly NavGroup[]; header?: ReactNode }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const { resolvedTheme, toggleTheme } = useTheme();
  const logout = useLogout();
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };
  const nextTheme = resolvedTheme === "dark" ? "light" : "dark";
  const customObjects = useCustomObjects(user.companyId);
  const customGroup = customObjectsGroup(customObjects.data ?? []);
  const primary = useNavigationMenu("primary");
  const secondary = useNavigationMenu("secondary");
  const terms = useCompanyTerms(user.companyId);
  const baseGroups = applyTerms(groups ?? navigationFor(user, pathname, { primary, secondary }), terms);
  // The company's own objects follow its first menu (Business), where the records they point at are.
  const allGroups = customGroup ? [...baseGroups.slice(0, 1), customGroup, ...baseGroups.slice(1)] : baseGroups;

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>{header ?? <CompanyHeader user={user} />}</SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          {allGroups.map((group) => (
            <SidebarGroup key={group.label} role="group" aria-labelledby={groupLabelId(group.label)}>
              <SidebarGroupLabel id={groupLabelId(group.label)}>{group.label}</SidebarGroupLabel>
              <SidebarMenu>
                {group.entries.map((entry) =>
                  isCollapsible(entry) ? (
                    <NavCollapsibleItem
                      key={entry.title}
                      entry={entry}
                      pathname={pathname}
                      onNavigate={closeOnMobile}
                    />
                  ) : (
                    <NavLinkItem key={entry.url} link={entry} pathname={pathname} onNavigate={closeOnMobile} />
                  ),
                )}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton
              tooltip={nextTheme === "dark" ? "Dark theme" : "Light theme"}
              onClick={toggleTheme}
              aria-label={`Switch to ${nextTheme} theme`}
            >
              {nextTheme === "dark" ? <Moon /> : <Sun />}
              <span>{nextTheme === "dark" ? "Dark theme" : "Light theme"}</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton tooltip="Logout" onClick={() => void logout()}>
              <LogOut />
              <span>Logout</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
        <div className="grid px-2 pb-1 text-xs leading-tight group-data-[collapsible=icon]:hidden">
          <span className="truncate font-medium">{user.name}</span>
          <span className="truncate text-sidebar-foreground/70">{user.email}</span>
        </div>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
