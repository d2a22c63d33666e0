import { useState, type ReactNode } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip";

/**
 * A collapsed sidebar's button with its label as a tooltip. Loaded only once the sidebar is collapsed (see
 * SidebarMenuButton): the tooltip library is not part of a signed-in screen's first load. The button is drawn again
 * when this arrives: a pointer already resting on it (`pointerOver`) gets its tooltip without having to move.
 */
export function SidebarMenuTooltip({
  label,
  container,
  pointerOver,
  children,
}: {
  label: string;
  container: HTMLElement | null;
  pointerOver: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(pointerOver);
  return (
    <TooltipProvider>
      <Tooltip open={open} onOpenChange={setOpen}>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent side="right" align="center" container={container}>
          {label}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
