import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { usePageTitle } from "../../shell/page-title";
import { AdminPageHeader, tenantQuery, Loaded, TenantTable } from "./admin-parts";
import { useAdminTenants } from "./admin-queries";
import { ChangePlanButton, CreateTenantDialog, SuspendOrRestoreButton } from "./tenant-actions";

const PAGE_SIZE = 50;

/** Every tenant, to create one, change its plan, suspend or restore it, or open its page. */
export function TenantsPage() {
  usePageTitle("Tenants");
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const tenants = useAdminTenants(tenantQuery(search, PAGE_SIZE));
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Tenants"
        description="Create a tenant, change its plan and features, suspend or restore it."
        actions={<Button onClick={() => setCreating(true)}>Create tenant</Button>}
      />
      {creating ? <CreateTenantDialog onClose={() => setCreating(false)} /> : null}
      <Input
        type="search"
        aria-label="Search tenants"
        placeholder="Search by name or slug"
        className="max-w-xs"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Loaded query={tenants}>
        {(data) => (
          <>
            <TenantTable
              tenants={data.items}
              actions={(tenant) => (
                <div className="flex flex-wrap gap-2">
                  <ChangePlanButton tenant={tenant} />
                  <SuspendOrRestoreButton tenant={tenant} />
                  <Button size="sm" variant="ghost" asChild>
                    <Link to={`/instance-admin/${tenant.id}`}>Manage</Link>
                  </Button>
                </div>
              )}
            />
            {data.total > data.items.length ? (
              <p className="text-sm text-muted-foreground">
                Showing {data.items.length} of {data.total}; search to find the others.
              </p>
            ) : null}
          </>
        )}
      </Loaded>
    </div>
  );
}
