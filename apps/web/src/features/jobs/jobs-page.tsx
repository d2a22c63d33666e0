import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Plus } from "lucide-react";
import { JOB_STATUS_LABELS, jobStatusSchema, type JobStatus } from "@fieldops/shared/job-status";
import { zonedWallClockToUtc } from "@fieldops/shared/company-time";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { StatusFilter } from "../../components/status-filter";
import { useCompany } from "../../lib/company";
import { useTerms } from "../../lib/terms";
import { usePageTitle } from "../../shell/page-title";
import { JobFormDialog } from "./job-form-dialog";
import { JobsTable } from "./jobs-table";
import { PagedList } from "../../components/paged-list";
import { useSignedInUser } from "../../lib/session";
import { useJobs, type JobFilters } from "../../lib/jobs";
import { useCrews } from "../../lib/crews";

/** A date input's day, read on the company's calendar, as the instant it starts (or, with endOfDay, ends). */
function dayToIso(day: string, timeZone: string, endOfDay = false): string | undefined {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return undefined;
  return zonedWallClockToUtc(Date.UTC(y, m - 1, d + (endOfDay ? 1 : 0)), timeZone).toISOString();
}

export function JobsPage() {
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const terms = useTerms();
  const jobsWord = terms.jobs;
  usePageTitle(jobsWord);
  const id = useId();
  const navigate = useNavigate();
  const [status, setStatus] = useState<JobStatus | "">("");
  const [crewId, setCrewId] = useState("");
  const [search, setSearch] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [creating, setCreating] = useState(false);
  const timeZone = company.data?.timeZone ?? "UTC";
  const crews = useCrews();
  const filters: JobFilters = {
    status: status || undefined,
    crewId: crewId || undefined,
    search: search.trim() || undefined,
    from: dayToIso(from, timeZone),
    to: dayToIso(to, timeZone, true),
  };
  const jobs = useJobs(filters);
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{jobsWord}</h1>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to="/schedule">Schedule</Link>
          </Button>
          <Button onClick={() => setCreating(true)} disabled={!company.data}>
            <Plus aria-hidden="true" /> New {terms.job}
          </Button>
        </div>
      </div>
      <form
        role="search"
        aria-label={`Filter ${jobsWord.toLowerCase()}`}
        className="grid gap-3 sm:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="grid gap-1">
          <Label htmlFor={`${id}-search`}>Search</Label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder={`Title, ${terms.customer.toLowerCase()} or number`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <StatusFilter
          value={status}
          onChange={setStatus}
          statuses={jobStatusSchema.options}
          labels={JOB_STATUS_LABELS}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-crew`}>Crew</Label>
          <NativeSelect
            id={`${id}-crew`}
            value={crewId}
            onChange={(e) => setCrewId(e.target.value)}
            disabled={!crews.data}
          >
            <option value="">{crews.isError ? "Crews could not be loaded" : "Any crew"}</option>
            {crews.data?.items.map((crew) => (
              <option key={crew.id} value={crew.id}>
                {crew.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`}>Visits from</Label>
          <Input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`}>Visits to</Label>
          <Input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </form>
      <PagedList
        query={jobs}
        noun={jobsWord}
        count={items.length}
        empty={`No ${jobsWord.toLowerCase()} ${
          status || crewId || search || from || to
            ? "match these filters"
            : "yet. Create the first one with the button above"
        }.`}
      >
        <JobsTable items={items} caption={jobsWord} timeZone={timeZone} customerHeader={terms.customer} />
      </PagedList>
      {company.data && creating ? (
        <JobFormDialog
          open={creating}
          onOpenChange={setCreating}
          terminology={terms}
          timeZone={timeZone}
          onSaved={(job) => {
            setCreating(false);
            void navigate(`/jobs/${job.id}`);
          }}
        />
      ) : null}
    </>
  );
}
