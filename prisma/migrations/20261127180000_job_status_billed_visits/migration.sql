-- A job billed visit by visit (batch invoicing, an invoice of some of its visits) still needs invoicing while one of
-- its completed visits is billed by no invoice: the job's invoicedAt says only that some invoice was made. A job
-- invoiced whole without naming its visits, or marked invoiced by hand, has no visit billed and stays done as before.
CREATE OR REPLACE FUNCTION job_status_facts(job_id uuid, closed_at timestamp, invoiced_at timestamp)
  RETURNS TABLE ("undatedStatus" text, "firstBookedStart" timestamp(3))
  LANGUAGE sql STABLE
  AS $$
    SELECT CASE
        WHEN closed_at IS NOT NULL THEN 'closed'
        WHEN bool_or(v.status = 'in_progress') THEN 'today'
        WHEN count(*) = 0 OR bool_or(v.status = 'unscheduled') THEN 'unscheduled'
        WHEN bool_or(v.status IN ('scheduled', 'dispatched') AND v."scheduledStart" IS NOT NULL) THEN 'upcoming'
        WHEN bool_or(v.status = 'completed')
          AND (invoiced_at IS NULL
            OR (bool_or(v."invoiceId" IS NOT NULL) AND bool_or(v.status = 'completed' AND v."invoiceId" IS NULL)))
          THEN 'requires_invoicing'
        ELSE 'closed'
      END,
      CASE WHEN closed_at IS NULL THEN min(v."scheduledStart") FILTER (WHERE v.status IN ('scheduled', 'dispatched')) END
    FROM visits v
    WHERE v."jobId" = job_id
  $$;

-- A visit billed or freed changes its job's status too.
CREATE OR REPLACE FUNCTION visits_refresh_job_status() RETURNS trigger LANGUAGE plpgsql AS $$
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
      WHERE (n."jobId", n.status, n."scheduledStart", n."invoiceId")
        IS DISTINCT FROM (o."jobId", o.status, o."scheduledStart", o."invoiceId")));
  END IF;
  RETURN NULL;
END
$$;

-- Every job as its visits are now.
UPDATE jobs j SET "undatedStatus" = f."undatedStatus", "firstBookedStart" = f."firstBookedStart"
  FROM jobs k CROSS JOIN LATERAL job_status_facts(k.id, k."closedAt", k."invoicedAt") f
  WHERE j.id = k.id AND (j."undatedStatus", j."firstBookedStart") IS DISTINCT FROM (f."undatedStatus", f."firstBookedStart");
