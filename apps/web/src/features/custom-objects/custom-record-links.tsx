import { Link } from "react-router";
import { isBuiltInTarget, type CustomRecordLink } from "@fieldops/shared/custom-objects";

const BUILT_IN_PAGES: Record<string, (id: string) => string> = {
  customer: (id) => `/customers/${id}`,
  job: (id) => `/jobs/${id}`,
  crew: (id) => `/crews/${id}`,
  invoice: (id) => `/payments/invoices/${id}`,
};

/** Where a record's relation points, as a link to that record's page where it has one. */
export function CustomRecordLinkView({ link }: { link: CustomRecordLink }) {
  const label = link.label ?? `Deleted ${link.target}`;
  const page = isBuiltInTarget(link.target)
    ? BUILT_IN_PAGES[link.target]?.(link.id)
    : `/custom/${link.target}/${link.id}`;
  if (!page || link.label === null) return <span>{label}</span>;
  return (
    <Link to={page} className="underline-offset-4 hover:underline">
      {label}
    </Link>
  );
}
