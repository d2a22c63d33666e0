import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The layers of ARCHITECTURE.md, as the linter sees them: a file at `path` importing `specifier`. */
async function importErrors(path: string, specifier: string): Promise<string[]> {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(`import * as imported from "${specifier}";\nexport const used = imported;\n`, {
    filePath: path,
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it("lets the web app import the shared contracts and nothing of the server", async () => {
    expect(await importErrors("apps/web/src/features/x/page.tsx", "@fieldops/shared/auth")).toEqual([]);
    expect(await importErrors("apps/web/src/features/x/page.tsx", "@fieldops/db")).not.toEqual([]);
    expect(await importErrors("apps/web/src/features/x/page.tsx", "@fieldops/domain/accounts/sign-up")).not.toEqual([]);
    expect(await importErrors("apps/web/src/features/x/page.tsx", "node:fs")).not.toEqual([]);
  });

  it("keeps features out of the shell: they reach it through the composition root", async () => {
    expect(await importErrors("apps/web/src/shell/app-layout.tsx", "../features/dashboard/activity")).not.toEqual([]);
    expect(await importErrors("apps/web/src/lib/session.ts", "../features/auth/login-page")).not.toEqual([]);
    expect(await importErrors("apps/web/src/app/routes.tsx", "../features/dashboard/dashboard-page")).toEqual([]);
  });

  it("keeps each feature to itself: features meet through components, lib, shared or app/", async () => {
    const page = "apps/web/src/features/customers/customer-detail-page.tsx";
    expect(await importErrors(page, "./customer-queries")).toEqual([]);
    expect(await importErrors(page, "../../components/confirm-dialog")).toEqual([]);
    expect(await importErrors(page, "../../lib/api-error")).toEqual([]);
    expect(await importErrors(page, "@fieldops/shared/customers")).toEqual([]);
    expect(await importErrors(page, "../invoices/customer-invoices")).not.toEqual([]);
    expect(await importErrors(page, "../../features/invoices/customer-invoices")).not.toEqual([]);
    const nested = "apps/web/src/features/schedule/optimize/optimize-day-dialog.tsx";
    expect(await importErrors(nested, "../schedule-queries")).toEqual([]);
    expect(await importErrors(nested, "../../../lib/api-error")).toEqual([]);
    expect(await importErrors(nested, "../../crews/color-dot")).not.toEqual([]);
    expect(await importErrors("apps/web/src/features/leads/leads-page.test.tsx", "../customers/x")).not.toEqual([]);
    expect(await importErrors("apps/web/src/app/pages/customer-detail.tsx", "../../features/invoices/x")).toEqual([]);
  });

  it("keeps the shared contracts free of server code", async () => {
    expect(await importErrors("packages/shared/src/x.ts", "zod")).toEqual([]);
    expect(await importErrors("packages/shared/src/x.ts", "@fieldops/db")).not.toEqual([]);
    expect(await importErrors("packages/shared/src/x.ts", "ioredis")).not.toEqual([]);
  });

  it("keeps the machines to the shared contracts and xstate", async () => {
    expect(await importErrors("machines/src/x.machine.ts", "@fieldops/shared/ui-actions")).toEqual([]);
    expect(await importErrors("machines/src/x.machine.ts", "xstate")).toEqual([]);
    expect(await importErrors("machines/src/x.machine.ts", "./toasts.ts")).toEqual([]);
    expect(await importErrors("machines/src/x.machine.ts", "@fieldops/db")).not.toEqual([]);
    expect(await importErrors("machines/src/x.machine.ts", "react")).not.toEqual([]);
    expect(await importErrors("machines/src/x.machine.ts", "node:fs")).not.toEqual([]);
    expect(await importErrors("machines/src/x.machine.ts", "@fieldops/shared-evil")).not.toEqual([]);
  });

  it("never lets a package import an app or the worker process", async () => {
    expect(await importErrors("packages/db/src/x.ts", "@fieldops/api/app")).not.toEqual([]);
    expect(await importErrors("packages/domain/src/x/y.ts", "@fieldops/worker/run-workers")).not.toEqual([]);
    expect(await importErrors("packages/events/src/x.ts", "@fieldops/web")).not.toEqual([]);
  });

  it("keeps domain code free of HTTP", async () => {
    expect(await importErrors("packages/domain/src/x/y.ts", "@fieldops/db")).toEqual([]);
    expect(await importErrors("packages/domain/src/x/y.ts", "fastify")).not.toEqual([]);
    expect(await importErrors("packages/domain/src/x/y.ts", "@fastify/cookie")).not.toEqual([]);
    expect(await importErrors("packages/domain/src/x/y.ts", "node:http")).not.toEqual([]);
  });

  it("refuses relative imports that leave their package", async () => {
    expect(await importErrors("apps/api/src/routes/x.ts", "../../../../packages/db/src/client.ts")).not.toEqual([]);
    expect(await importErrors("apps/api/src/routes/x.ts", "../http/http-error.ts")).toEqual([]);
    expect(await importErrors("tests/integration/x.ts", "../../apps/api/src/app.ts")).not.toEqual([]);
  });
});
