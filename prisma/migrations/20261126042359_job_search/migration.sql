-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "jobs_searchText_idx" ON "jobs" USING GIN ("searchText" gin_trgm_ops);

-- Job search matches any part of the title or the customer's name. The customer's name lives in another table, so
-- triggers keep the lower-cased text in step, whoever writes the rows (use cases, imports, seeds): a job written or
-- moved to another customer, and a customer renamed.
CREATE FUNCTION job_search_text(title text, customer_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(title || ' ' || coalesce(customer_name, ''));

CREATE FUNCTION jobs_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchText" := job_search_text(NEW.title, (SELECT name FROM customers WHERE id = NEW."customerId"));
  RETURN NEW;
END
$$;

CREATE TRIGGER jobs_search_text BEFORE INSERT OR UPDATE OF title, "customerId" ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_set_search_text();

CREATE FUNCTION customers_set_job_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET "searchText" = job_search_text(title, NEW.name) WHERE "customerId" = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER customers_job_search_text AFTER UPDATE OF name ON customers
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION customers_set_job_search_text();

UPDATE jobs j SET "searchText" = job_search_text(j.title, c.name) FROM customers c WHERE c.id = j."customerId";
