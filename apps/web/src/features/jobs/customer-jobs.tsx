import { useState } from "react";
import { useNavigate } from "react-router";
import { Plus } from "lucide-react";
import { Button } from "../../components/ui/button";
import { PagedList } from "../../components/paged-list";
import { useCompany } from "../../lib/company";
import { useJobs } from "../../lib/jobs";
import { useSignedInUser } from "../../lib/session";
import { useTerms } from "../../lib/terms";
import { JobFormDialog } from "./job-form-dialog";
import { JobsTable } from "./jobs-table";

/** New job on a customer's page: the job form with the customer chosen; a saved job opens on its own page. */
export function NewJobForCustomer({ customer }: { customer: { id: string; name: string } }) {
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const terms = useTerms();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Button onClick={() => setCreating(true)} disabled={!company.data}>
        <Plus aria-hidden="true" /> New {terms.job}
      </Button>
      {company.data && creating ? (
        <JobFormDialog
          open={creating}
          onOpenChange={setCreating}
          terminology={terms}
          timeZone={company.data.timeZone}
          forCustomer={customer}
          onSaved={(job) => {
            setCreating(false);
            void navigate(`/jobs/${job.id}`);
          }}
        />
      ) : null}
    </>
  );
}

/** A customer's jobs on their page, newest first, each linking to its own page. */
export function CustomerJobs({ customerId }: { customerId: string }) {
  const user = useSignedInUser();
  const timeZone = useCompany(user.companyId).data?.timeZone ?? "UTC";
  const terms = useTerms();
  const jobs = useJobs({ customerId });
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <PagedList
      title={{ id: "customer-jobs-title", text: terms.jobs }}
      className="md:col-span-2"
      noun={terms.jobs}
      query={jobs}
      count={items.length}
      empty={`No ${terms.jobs.toLowerCase()} yet.`}
    >
      <JobsTable
        items={items}
        caption={`The ${terms.customer.toLowerCase()}'s ${terms.jobs.toLowerCase()}`}
        timeZone={timeZone}
      />
    </PagedList>
  );
}
