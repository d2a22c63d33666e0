-- Readiness (GET /api/health/ready) checks, as the runtime role, that every migration of the code it runs is applied.
-- The table exists wherever npm run db:migrate applies this; the schema engine's shadow database (db:drift) has none.
DO $$
BEGIN
  IF to_regclass('public."_prisma_migrations"') IS NOT NULL THEN
    GRANT SELECT ON "_prisma_migrations" TO fieldops_app;
  END IF;
END
$$;
