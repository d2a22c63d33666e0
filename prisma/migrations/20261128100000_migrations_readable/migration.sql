-- Readiness (GET /api/health/ready) checks, as the runtime role, that every migration of the code it runs is applied.
GRANT SELECT ON "_prisma_migrations" TO fieldops_app;
