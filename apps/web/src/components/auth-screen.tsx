import type { ReactNode } from "react";
import { Leaf } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "./ui/card";
import { APP_NAME, LOGO_PATH } from "../shell/page-title";

/** The centred card that the sign-in and sign-up screens share; a tenant's login shows the tenant's `brand` above it. */
export function AuthScreen({
  title,
  description,
  brand,
  children,
}: {
  title: string;
  description: string;
  brand?: { name: string; logo: string | null };
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-6">
      {brand ? (
        <div className="flex items-center gap-2 text-lg font-semibold" data-testid="tenant-brand">
          {brand.logo ? (
            <img src={brand.logo} alt="" className="size-8 rounded-md object-contain" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground"
            >
              {brand.name.charAt(0).toUpperCase()}
            </span>
          )}
          {brand.name}
        </div>
      ) : (
        <Link
          to={LOGO_PATH}
          className="flex items-center gap-2 rounded-md text-lg font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Leaf className="size-4" aria-hidden="true" />
          </span>
          {APP_NAME}
        </Link>
      )}
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-xl leading-none font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}

/**
 * A field's validation message, tied to its input by id (the input names it in aria-describedby and sets
 * aria-invalid). It is an alert, so a screen reader announces it as it appears. The sign-in screen's, which keeps
 * react-hook-form (15 kB) out of the first page every visitor loads.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}
