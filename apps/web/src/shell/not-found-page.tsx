import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { usePageTitle } from "./page-title";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-5xl font-bold tracking-tight">404</h1>
      <p className="text-lg font-medium">Page not found</p>
      <p className="max-w-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild>
        <Link to="/">Back to dashboard</Link>
      </Button>
    </main>
  );
}
