-- DropIndex
DROP INDEX "jobs_companyId_createdAt_idx";

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "firstBookedStart" TIMESTAMP(3),
ADD COLUMN     "undatedStatus" TEXT NOT NULL DEFAULT 'unscheduled';

-- CreateIndex
CREATE INDEX "jobs_companyId_createdAt_undatedStatus_firstBookedStart_idx" ON "jobs"("companyId", "createdAt", "undatedStatus", "firstBookedStart");

-- CreateIndex
CREATE INDEX "jobs_companyId_firstBookedStart_number_idx" ON "jobs"("companyId", "firstBookedStart", "number");

-- CreateIndex
CREATE INDEX "jobs_companyId_undatedStatus_firstBookedStart_number_idx" ON "jobs"("companyId", "undatedStatus", "firstBookedStart", "number");

-- CreateIndex
CREATE INDEX "jobs_companyId_number_idx" ON "jobs"("companyId", "number" DESC) WHERE ("firstBookedStart" IS NULL);

-- CreateIndex
CREATE INDEX "jobs_companyId_undatedStatus_number_idx" ON "jobs"("companyId", "undatedStatus", "number" DESC) WHERE ("firstBookedStart" IS NULL);

-- A job's status is derived from its visits (design.md). It is kept on the job row, by the triggers below, so that
-- the jobs list can filter and order by it and the reports can count it through indexes; the rule is written once,
-- here, in two parts:
--
-- * job_status_facts: what the job's visits (and its closedAt, invoicedAt) say apart from the day. undatedStatus is
--   the status the job has on any day before its first booked (scheduled or dispatched) visit's: closed when closed
--   by hand; today while a visit is in progress; unscheduled when a visit waits for a time or the job has none;
--   upcoming when a visit is booked; requires invoicing when all work is done, some of it completed, and no invoice
--   was made; closed when nothing is left to do. firstBookedStart is that first booked visit's start (none once the
--   job is closed: a closed job is neither late nor next).
-- * job_status_on: the status on the company's day from today_start to tomorrow_start (UTC wall-clock values, as all
--   timestamps): late when a booked visit started before today, today when one starts today; else the undated status.
--
-- Triggers rather than the use cases keep the columns, as they keep jobs."searchText": every writer of visits and
-- jobs (use cases, tasks, imports, seeds, a fix typed in psql) is covered in its own transaction, and none can forget.
CREATE FUNCTION job_status_facts(job_id uuid, closed_at timestamp, invoiced_at timestamp)
  RETURNS TABLE ("undatedStatus" text, "firstBookedStart" timestamp(3))
  LANGUAGE sql STABLE
  AS $$
    SELECT CASE
        WHEN closed_at IS NOT NULL THEN 'closed'
        WHEN bool_or(v.status = 'in_progress') THEN 'today'
        WHEN count(*) = 0 OR bool_or(v.status = 'unscheduled') THEN 'unscheduled'
        WHEN bool_or(v.status IN ('scheduled', 'dispatched') AND v."scheduledStart" IS NOT NULL) THEN 'upcoming'
        WHEN invoiced_at IS NULL AND bool_or(v.status = 'completed') THEN 'requires_invoicing'
        ELSE 'closed'
      END,
      CASE WHEN closed_at IS NULL THEN min(v."scheduledStart") FILTER (WHERE v.status IN ('scheduled', 'dispatched')) END
    FROM visits v
    WHERE v."jobId" = job_id
  $$;

CREATE FUNCTION job_status_on(undated text, first_booked timestamp, today_start timestamp,
  tomorrow_start timestamp) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN undated = 'closed' THEN 'closed'
    WHEN first_booked < today_start THEN 'late'
    WHEN first_booked < tomorrow_start THEN 'today'
    ELSE undated
  END;

-- A job inserted, closed, reopened, invoiced or uninvoiced.
CREATE FUNCTION jobs_set_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f."undatedStatus", f."firstBookedStart" INTO NEW."undatedStatus", NEW."firstBookedStart"
    FROM job_status_facts(NEW.id, NEW."closedAt", NEW."invoicedAt") f;
  RETURN NEW;
END
$$;

CREATE TRIGGER jobs_status BEFORE INSERT OR UPDATE OF "closedAt", "invoicedAt" ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_set_status();

-- The stored status of the jobs whose visits a statement changed. Their rows are locked first, in id order (two
-- statements cannot deadlock over them), and only then are their visits read, by a later statement with a newer
-- snapshot: another transaction that changed a visit of the same job and committed meanwhile is counted, and one
-- that has not committed yet waits for this lock and recomputes the job after this one.
CREATE FUNCTION jobs_refresh_status(job_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(job_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM jobs WHERE id = ANY (job_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE jobs j SET "undatedStatus" = f."undatedStatus", "firstBookedStart" = f."firstBookedStart"
    FROM jobs k CROSS JOIN LATERAL job_status_facts(k.id, k."closedAt", k."invoicedAt") f
    WHERE k.id = ANY (job_ids) AND j.id = k.id
      AND (j."undatedStatus", j."firstBookedStart") IS DISTINCT FROM (f."undatedStatus", f."firstBookedStart");
END
$$;

-- Once per statement (a seed inserts thousands of visits at once), for the jobs of the visits it inserted, deleted,
-- or changed in status, start or job.
CREATE FUNCTION visits_refresh_job_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM jobs_refresh_status(ARRAY(SELECT DISTINCT "jobId" FROM new_visits));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM jobs_refresh_status(ARRAY(SELECT DISTINCT "jobId" FROM old_visits));
  ELSE
    PERFORM jobs_refresh_status(ARRAY(
      SELECT DISTINCT changed.id
      FROM new_visits n JOIN old_visits o ON o.id = n.id
        CROSS JOIN LATERAL unnest(ARRAY[o."jobId", n."jobId"]) AS changed(id)
      WHERE (n."jobId", n.status, n."scheduledStart") IS DISTINCT FROM (o."jobId", o.status, o."scheduledStart")));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER visits_job_status_insert AFTER INSERT ON visits REFERENCING NEW TABLE AS new_visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_refresh_job_status();
CREATE TRIGGER visits_job_status_update AFTER UPDATE ON visits REFERENCING OLD TABLE AS old_visits NEW TABLE AS new_visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_refresh_job_status();
CREATE TRIGGER visits_job_status_delete AFTER DELETE ON visits REFERENCING OLD TABLE AS old_visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_refresh_job_status();

-- Every job as its visits are now.
UPDATE jobs j SET "undatedStatus" = f."undatedStatus", "firstBookedStart" = f."firstBookedStart"
  FROM jobs k CROSS JOIN LATERAL job_status_facts(k.id, k."closedAt", k."invoicedAt") f
  WHERE j.id = k.id;
