import { MODULE_TOASTS } from "@fieldops/machines/ui-action-effects";

/** Where a screen meets a feature the plan lacks: the same words as the module toast, and what is missing. */
export function PlanUpgradeNote({ feature }: { feature: string }) {
  const { title, description } = MODULE_TOASTS.planUpgradeRequired;
  return (
    <p className="text-xs text-muted-foreground" role="note">
      <span className="font-medium">{title}</span>: {description}. {feature}
    </p>
  );
}
