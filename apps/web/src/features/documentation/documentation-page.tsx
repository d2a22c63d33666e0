import { Link, useParams } from "react-router";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { NotFoundPage } from "../../shell/not-found-page";
import { usePageTitle } from "../../shell/page-title";
import { DOC_PAGES } from "./documentation-content";

/** /documentation: how to use the product, one page per area (/documentation/<area>). */
export function DocumentationPage() {
  const { area } = useParams();
  const page = area ? DOC_PAGES.find((candidate) => candidate.slug === area) : undefined;
  usePageTitle(page ? `${page.title} · Documentation` : "Documentation");
  if (area && !page) return <NotFoundPage inApp />;
  if (page) {
    return (
      <article className="prose-docs grid max-w-3xl gap-4 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to="/documentation" className="underline">
            Documentation
          </Link>
        </nav>
        <h1 className="text-2xl font-semibold tracking-tight">{page.title}</h1>
        {page.body()}
      </article>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Documentation</h1>
      <nav aria-label="Documentation pages" className="grid gap-4 md:grid-cols-3">
        {DOC_PAGES.map((doc) => (
          <Link
            key={doc.slug}
            to={`/documentation/${doc.slug}`}
            className="rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Card className="h-full transition-colors hover:bg-accent">
              <CardHeader>
                <CardTitle>{doc.title}</CardTitle>
                <CardDescription>{doc.summary}</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        ))}
      </nav>
    </>
  );
}
