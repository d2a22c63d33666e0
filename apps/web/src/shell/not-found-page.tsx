import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { usePageTitle } from "./page-title";

/**
 * The not-found page. `inApp`: shown inside the signed-in layout, whose own main landmark holds it, so it is a
 * section of it rather than a second main.
 */
export function NotFoundPage({ inApp = false }: { inApp?: boolean }) {
  usePageTitle("Page not found");
  const Landmark = inApp ? "section" : "main";
  return (
    <Landmark
      aria-label={inApp ? "Page not found" : undefined}
      className={`flex ${inApp ? "py-16" : "min-h-svh"} flex-col items-center justify-center gap-4 p-6 text-center`}
    >
      <h1 className="text-5xl font-bold tracking-tight">404</h1>
      <p className="text-lg font-medium">Page not found</p>
      <p className="max-w-sm text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Back to dashboard</Link>
      </Button>
    </Landmark>
  );
}
