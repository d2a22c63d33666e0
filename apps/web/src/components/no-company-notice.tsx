import type { ReactNode } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "./ui/card";

/** What a company's screen shows a signed-in user who belongs to no company (a platform administrator). */
export function NoCompanyNotice({ children }: { children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby="no-company-crews">
      <CardHeader>
        <CardTitle id="no-company-crews">No company</CardTitle>
        <CardDescription>{children}</CardDescription>
      </CardHeader>
    </Card>
  );
}
