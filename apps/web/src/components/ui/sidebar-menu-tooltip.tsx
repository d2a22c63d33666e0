import type { ReactNode } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip";

/**
 * A collapsed sidebar's button with its label as a tooltip. Loaded only once the sidebar is collapsed (see
 * SidebarMenuButton): the tooltip library is not part of a signed-in screen's first load.
 */
export function SidebarMenuTooltip({
  label,
  container,
  children,
}: {
  label: string;
  container: HTMLElement | null;
  children: ReactNode;
}) {
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent side="right" align="center" container={container}>
          {label}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
