import type { ReactNode } from "react";
import type { Branding } from "@fieldops/shared/company";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Skeleton } from "../../components/ui/skeleton";
import { usePageTitle } from "../../shell/page-title";

/** A customer's page in the company's colours: its logo (or initial) and name over the content, no app around it. */
export function BrandedPage({
  branding,
  title,
  children,
}: {
  branding: Branding | null;
  title: string;
  children: ReactNode;
}) {
  usePageTitle(branding ? `${title} · ${branding.name}` : title);
  const colour = branding?.primaryColor ?? "#16a34a";
  return (
    <div className="min-h-svh bg-muted/30">
      <header className="border-t-8 bg-background shadow-xs" style={{ borderTopColor: colour }}>
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-4">
          {branding?.logo ? (
            <img src={branding.logo} alt={`${branding.name} logo`} className="h-10 w-auto" />
          ) : branding ? (
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-md text-lg font-semibold text-white"
              style={{ backgroundColor: colour }}
            >
              {branding.name.slice(0, 1).toUpperCase()}
            </span>
          ) : null}
          <span className="text-lg font-semibold">{branding?.name ?? ""}</span>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-4 px-4 py-6">{children}</main>
    </div>
  );
}

export function BrandedLoading({ label }: { label: string }) {
  return (
    <BrandedPage branding={null} title={label}>
      <div className="grid gap-2" role="status" aria-label={label}>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    </BrandedPage>
  );
}

/** A link that opens nothing: the same words whatever the reason, as the server answers. */
export function LinkNotValid({ message }: { message: string }) {
  return (
    <BrandedPage branding={null} title="Link not valid">
      <h1 className="text-2xl font-semibold tracking-tight">This link cannot be opened</h1>
      <Alert variant="destructive">
        <AlertDescription>{message}</AlertDescription>
      </Alert>
    </BrandedPage>
  );
}
