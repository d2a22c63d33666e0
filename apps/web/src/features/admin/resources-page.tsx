import type { ComponentType } from "react";
import type { PlatformResources } from "@fieldops/shared/admin";
import { RESOURCES_REFRESH_MS } from "@fieldops/shared/admin";
import { DataTable } from "../../components/data-table";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { usePageTitle } from "../../shell/page-title";
import { AdminPageHeader, Loaded } from "./admin-parts";
import { usePlatformResources } from "./admin-queries";

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

function Health({ ok }: { ok: boolean }) {
  return (
    <Badge variant={ok ? "secondary" : "outline"} className={ok ? undefined : "border-destructive/50 text-destructive"}>
      {ok ? "Up" : "Down"}
    </Badge>
  );
}

function Queues({ resources }: { resources: PlatformResources }) {
  return (
    <Card role="region" aria-label="Queues">
      <CardHeader>
        <CardTitle className="text-base">Queues</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <DataTable
          className="tabular-nums"
          verticalAlign="top"
          rows={resources.queues}
          rowKey={(queue) => queue.name}
          rowProps={(queue) => ({ "data-testid": `queue-${queue.name}` })}
          columns={[
            {
              id: "queue",
              header: "Queue",
              rowHeader: true,
              cell: (queue) => (
                <>
                  {queue.name} {queue.paused ? <Badge variant="outline">paused</Badge> : null}
                </>
              ),
            },
            { id: "waiting", header: "Waiting", cell: (queue) => queue.waiting },
            { id: "active", header: "Active", cell: (queue) => queue.active },
            { id: "delayed", header: "Delayed", cell: (queue) => queue.delayed },
            {
              id: "failed",
              header: "Failed",
              className: (queue) => (queue.failed > 0 ? "text-destructive" : undefined),
              cell: (queue) => queue.failed,
            },
            { id: "completed", header: "Completed", cell: (queue) => queue.completed },
            { id: "workers", header: "Workers", cell: (queue) => queue.workers },
          ]}
        />
      </CardContent>
    </Card>
  );
}

function Workers({ resources }: { resources: PlatformResources }) {
  return (
    <Card role="region" aria-label="Workers">
      <CardHeader>
        <CardTitle className="text-base">Workers</CardTitle>
        <CardDescription>The connections consuming the queues now, as Redis lists them.</CardDescription>
      </CardHeader>
      <CardContent>
        {resources.workers.length === 0 ? (
          <p className="text-sm text-destructive">No worker is consuming the queues: jobs wait until one starts.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {resources.workers.map((worker, index) => (
              <li key={`${worker.queue}-${worker.address}-${index}`}>
                <span className="font-medium">{worker.queue}</span>{" "}
                <span className="text-muted-foreground">{worker.address}</span> · up {worker.ageSeconds}s, idle{" "}
                {worker.idleSeconds}s
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Stores({ resources }: { resources: PlatformResources }) {
  const { database, redis } = resources;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card role="region" aria-label="Database">
        <CardHeader className="flex flex-row items-center gap-2">
          <CardTitle className="text-base">Database</CardTitle>
          <Health ok={database.ok} />
        </CardHeader>
        <CardContent className="grid gap-1 text-sm">
          <div>Round trip {database.pingMs} ms</div>
          <div>Size {megabytes(database.sizeBytes)}</div>
          <div>
            Connections {database.connections} of {database.maxConnections}, {database.activeQueries} active
          </div>
          <div className={database.slowQueries > 0 ? "text-destructive" : ""}>
            {database.slowQueries === 0
              ? "No slow statement running"
              : `${database.slowQueries} statement(s) running for over a second`}
          </div>
        </CardContent>
      </Card>
      <Card role="region" aria-label="Redis">
        <CardHeader className="flex flex-row items-center gap-2">
          <CardTitle className="text-base">Redis</CardTitle>
          <Health ok={redis.ok} />
        </CardHeader>
        <CardContent className="grid gap-1 text-sm">
          <div>Ping {redis.pingMs} ms</div>
          <div>
            Memory {megabytes(redis.usedMemoryBytes)}
            {redis.maxMemoryBytes > 0 ? ` of ${megabytes(redis.maxMemoryBytes)}` : " (no limit set)"}
          </div>
          <div>{redis.connectedClients} clients connected</div>
          <div>
            Version {redis.version}, up {Math.round(redis.uptimeSeconds / 60)} min
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * /admin/resources: the platform's queues, workers, database and Redis, read again every few seconds; `panels` (from app/) are mounted at its end, in order, each fetching its own data (the
 * telemetry's performance and web vitals charts).
 */
export function ResourcesPage({ panels }: { panels: readonly { id: string; Panel: ComponentType }[] }) {
  usePageTitle("Resources");
  const resources = usePlatformResources();
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Resources"
        description={`The platform's queues, workers, database and Redis, live (every ${RESOURCES_REFRESH_MS / 1000} seconds).`}
        actions={
          resources.data ? (
            <span className="text-xs text-muted-foreground">
              Updated {new Date(resources.data.checkedAt).toLocaleTimeString("en-US")}
            </span>
          ) : null
        }
      />
      <Loaded query={resources}>
        {(data) => (
          <>
            <Stores resources={data} />
            <Queues resources={data} />
            <Workers resources={data} />
          </>
        )}
      </Loaded>
      {/* Performance and web vitals panels: see resource-panels.tsx. */}
      {panels.length > 0 ? (
        <section aria-label="Performance" className="grid gap-4">
          {panels.map(({ id, Panel }) => (
            <Panel key={id} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
