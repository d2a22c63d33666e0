-- Row-level security: the backstop behind the tenant-scoped data layer.
-- Tenant work runs in transactions that `SET LOCAL ROLE fieldops_app` and set `app.company_id`; that role owns no
-- table and cannot bypass RLS, so a query that forgets its tenant filter sees only the current company's rows, and
-- none at all when no company is set. System work (sign-in, sessions, migrations) runs as the owning role.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fieldops_app') THEN
    CREATE ROLE fieldops_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;

-- The connecting role must be allowed to switch to the tenant role (superusers always are).
DO $$
BEGIN
  EXECUTE format('GRANT fieldops_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'could not grant fieldops_app to %: %', current_user, SQLERRM;
END
$$;

CREATE OR REPLACE FUNCTION app_current_company() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;

GRANT USAGE ON SCHEMA public TO fieldops_app;
GRANT SELECT ON plans, verticals TO fieldops_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON
  companies, users, audit_logs, telemetry_events, customers, crews, crew_members, jobs, visits, invoices
  TO fieldops_app;
-- Tables added by later migrations get the same grants; each still needs its own policy.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO fieldops_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO fieldops_app;

ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON companies
  USING (id = app_current_company()) WITH CHECK (id = app_current_company());

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'audit_logs', 'telemetry_events', 'customers', 'crews', 'crew_members', 'jobs',
                           'visits', 'invoices']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ("companyId" = app_current_company()) '
      'WITH CHECK ("companyId" = app_current_company())', t);
  END LOOP;
END
$$;
