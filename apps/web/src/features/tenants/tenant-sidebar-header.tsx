import { Badge } from "../../components/ui/badge";
import { SidebarMenu, SidebarMenuItem } from "../../components/ui/sidebar";
import type { TenantView } from "./tenant-config";

/** The top of a tenant's sidebar: its logo (or initial), name, industry and plan, and the Beta Mode tag. */
export function TenantSidebarHeader({ tenant }: { tenant: TenantView }) {
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <div
          className="flex items-center gap-2 p-2 group-data-[collapsible=icon]:p-0"
          data-testid="tenant-sidebar-header"
        >
          {tenant.logo ? (
            <img src={tenant.logo} alt={`${tenant.name} logo`} className="size-8 shrink-0 rounded-md object-contain" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-md bg-sidebar-primary font-semibold text-sidebar-primary-foreground"
              data-testid="tenant-initial"
            >
              {tenant.name.charAt(0).toUpperCase()}
            </span>
          )}
          <div className="grid min-w-0 flex-1 text-left text-sm leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate font-semibold" data-testid="tenant-name">
              {tenant.name}
            </span>
            <span className="truncate text-xs text-sidebar-foreground/70">
              {tenant.industry}
              {tenant.planName ? ` · ${tenant.planName} plan` : ""}
            </span>
          </div>
          {tenant.betaMode ? (
            <Badge variant="outline" className="group-data-[collapsible=icon]:hidden">
              Beta Mode
            </Badge>
          ) : null}
        </div>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
