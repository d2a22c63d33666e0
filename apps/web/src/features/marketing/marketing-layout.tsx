import type { ReactNode } from "react";
import { Leaf } from "lucide-react";
import { Link, NavLink } from "react-router";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { useUser } from "../../lib/session";
import { APP_NAME, LOGO_PATH } from "../../shell/page-title";
import { homePathForRole } from "@fieldops/shared/roles";

function Logo() {
  return (
    <Link
      to={LOGO_PATH}
      className="flex items-center gap-2 rounded-md text-lg font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Leaf className="size-4" aria-hidden="true" />
      </span>
      {APP_NAME}
    </Link>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground",
    isActive && "text-foreground",
  );

/** The visitor's frame: the logo, the way to industries, pricing and sign-in, and the footer. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  const user = useUser();
  const signedIn = Boolean(user.data);
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <header className="sticky top-0 z-20 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 md:px-6">
          <Logo />
          <nav aria-label="Main" className="ml-auto flex items-center gap-1">
            <NavLink to="/industries" className={(state) => cn(navClass(state), "hidden sm:inline-flex")}>
              Industries
            </NavLink>
            <NavLink to="/pricing" className={navClass}>
              Pricing
            </NavLink>
            {signedIn ? (
              <Button asChild size="sm" className="ml-2">
                <Link to={homePathForRole(user.data!.role)}>Open the app</Link>
              </Button>
            ) : (
              <>
                <NavLink to="/login" className={cn(navClass({ isActive: false }), "hidden sm:inline-flex")}>
                  Sign in
                </NavLink>
                <Button asChild size="sm" className="ml-2">
                  <Link to="/pricing">Start free trial</Link>
                </Button>
              </>
            )}
          </nav>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t bg-muted/40">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-sm md:grid-cols-3 md:px-6">
          <div className="grid gap-2">
            <Logo />
            <p className="text-muted-foreground">
              Field-service management for the trades: jobs, crews, scheduling, invoicing and an assistant that does the
              busywork.
            </p>
          </div>
          <nav aria-label="Product" className="grid content-start gap-2">
            <p className="font-medium">Product</p>
            <Link to="/pricing" className="text-muted-foreground hover:text-foreground">
              Pricing
            </Link>
            <Link to="/industries" className="text-muted-foreground hover:text-foreground">
              Industries
            </Link>
            <Link to="/login" className="text-muted-foreground hover:text-foreground">
              Sign in
            </Link>
          </nav>
          <div className="grid content-start gap-2">
            <p className="font-medium">Try it free</p>
            <p className="text-muted-foreground">
              Every plan starts with a 7-day free trial. Your data stays yours, whatever you decide.
            </p>
          </div>
        </div>
        <p className="pb-8 text-center text-xs text-muted-foreground">
          © {new Date().getFullYear()} {APP_NAME}
        </p>
      </footer>
    </div>
  );
}

/** A section of a marketing page, with its heading and intro. */
export function MarketingSection({
  id,
  title,
  intro,
  children,
  className,
}: {
  id?: string;
  title: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id ? `${id}-title` : undefined}
      className={cn("mx-auto grid max-w-6xl gap-8 px-4 py-16 md:px-6", className)}
    >
      <div className="mx-auto grid max-w-2xl gap-3 text-center">
        <h2 id={id ? `${id}-title` : undefined} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {intro ? <p className="text-lg text-muted-foreground">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}
