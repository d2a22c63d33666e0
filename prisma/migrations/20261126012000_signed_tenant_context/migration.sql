-- The API and the worker connect as a login role that is a member of fieldops_app: no superuser, no BYPASSRLS, owner
-- of nothing. That role may set any setting in its own transactions, so a tenant context it could simply claim with
-- set_config('app.company_id', ...) would be no boundary. Here a context counts only when it carries an HMAC-SHA256
-- signature, with a key that only the owning role can read, over the claim, the server process and the transaction's
-- start time: a signature is good for one transaction on one connection, and SQL without the key cannot make one.
-- The application gets the key from the owner at start (DATABASE_CONTEXT_KEY) and signs in withTenant / withSystem.

CREATE SCHEMA fieldops_private;
REVOKE ALL ON SCHEMA fieldops_private FROM PUBLIC;
-- On PostgreSQL 14 and older every role may still create objects in public; nothing but the owner may.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- One row. The key blocks XORed with the HMAC pads are kept beside the key, so verifying costs two sha256 calls.
CREATE TABLE fieldops_private.context_key (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  key bytea NOT NULL CHECK (length(key) = 32),
  inner_block bytea NOT NULL,
  outer_block bytea NOT NULL
);

DO $$
DECLARE
  -- gen_random_uuid() draws from the server's strong random source: two of them give 244 random bits.
  secret bytea := sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8'));
  block bytea := secret || decode(repeat('00', 32), 'hex');
  inner_block bytea := block;
  outer_block bytea := block;
BEGIN
  FOR i IN 0..63 LOOP
    inner_block := set_byte(inner_block, i, get_byte(block, i) # 54); -- 0x36
    outer_block := set_byte(outer_block, i, get_byte(block, i) # 92); -- 0x5c
  END LOOP;
  INSERT INTO fieldops_private.context_key (key, inner_block, outer_block) VALUES (secret, inner_block, outer_block);
END
$$;

-- What a signature is bound to besides its claim: this server process and this transaction's start.
CREATE FUNCTION app_context_nonce() RETURNS text
  LANGUAGE sql STABLE
  SET search_path = pg_catalog, pg_temp
  AS $$ SELECT pg_backend_pid()::text || ':' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') $$;

CREATE FUNCTION fieldops_private.context_signed(claim text, signature text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT coalesce(
      (SELECT signature = encode(
                sha256(k.outer_block || sha256(k.inner_block || convert_to(claim || ':' || public.app_context_nonce(), 'UTF8'))),
                'hex')
       FROM fieldops_private.context_key k),
      false)
  $$;
REVOKE ALL ON FUNCTION fieldops_private.context_signed(text, text) FROM PUBLIC;

-- The company of the current transaction, or NULL unless withTenant signed it.
CREATE OR REPLACE FUNCTION app_current_company() RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT CASE WHEN fieldops_private.context_signed('tenant:' || claim, current_setting('app.company_signature', true))
                THEN claim::uuid END
    FROM (SELECT nullif(current_setting('app.company_id', true), '') AS claim) AS context
  $$;

-- True in a transaction withSystem signed: sign-in, sessions, sign-up and telemetry, which act before or beside a
-- company.
CREATE FUNCTION app_system_context() RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
  AS $$ SELECT fieldops_private.context_signed('system', current_setting('app.system_signature', true)) $$;

GRANT SELECT, INSERT, UPDATE, DELETE ON sessions TO fieldops_app;

-- Policies compare with a sub-select, so the signature is checked once per statement rather than once per row. Every
-- tenant table also forces row-level security on its owner; only a superuser or a BYPASSRLS role is exempt.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['companies', 'users', 'audit_logs', 'telemetry_events', 'customers', 'crews',
                           'crew_members', 'jobs', 'visits', 'invoices', 'sessions']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t);
    IF t = 'companies' THEN
      EXECUTE 'CREATE POLICY tenant_isolation ON companies '
              'USING (id = (SELECT app_current_company())) WITH CHECK (id = (SELECT app_current_company()))';
    ELSE
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING ("companyId" = (SELECT app_current_company())) '
        'WITH CHECK ("companyId" = (SELECT app_current_company()))', t);
    END IF;
  END LOOP;
  -- Sessions belong to no tenant transaction; they are read and written in the system context only.
  DROP POLICY tenant_isolation ON sessions;
  FOREACH t IN ARRAY ARRAY['companies', 'users', 'sessions', 'telemetry_events']
  LOOP
    EXECUTE format(
      'CREATE POLICY system_access ON %I USING ((SELECT app_system_context())) WITH CHECK ((SELECT app_system_context()))', t);
  END LOOP;
END
$$;
