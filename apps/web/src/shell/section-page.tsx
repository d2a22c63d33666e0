import { Card, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { usePageTitle } from "./page-title";
import type { SectionPage } from "./section-pages";

/** A page of the app with its title and what it will hold. */
export function SectionPageView({ page }: { page: SectionPage }) {
  usePageTitle(page.title);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">{page.title}</h1>
      <Card className="border-dashed">
        <CardHeader>
          <CardTitle>What this page is for</CardTitle>
          <CardDescription>{page.description}</CardDescription>
        </CardHeader>
      </Card>
    </>
  );
}
