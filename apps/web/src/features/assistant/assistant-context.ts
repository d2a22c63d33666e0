import type { AssistantContext } from "@fieldops/shared/assistant";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID_MAX = 100;

/** Where the user is, for a message: the path, and the customer, job or day selected on it. */
export function assistantContextFor(pathname: string, search: string): AssistantContext {
  const context: AssistantContext = { path: pathname.slice(0, 500) };
  const [, section, id] = pathname.split("/");
  const selected = id === undefined || id === "" ? undefined : decodeURIComponent(id).slice(0, ID_MAX);
  if (section === "customers" && selected !== undefined) context.customerId = selected;
  if (section === "jobs" && selected !== undefined) context.jobId = selected;
  if (section === "schedule") {
    const day = new URLSearchParams(search).get("date");
    if (day !== null && DAY.test(day)) context.day = day;
  }
  return context;
}
