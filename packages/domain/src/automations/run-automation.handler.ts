import type { z } from "zod";
import { withTenant } from "@fieldops/db";
import type { TaskContext, TaskHandler } from "@fieldops/tasks/task-definition";
import { fillTemplate, REVIEW_LINK_PLACEHOLDER, type AutomationAction } from "@fieldops/shared/automations";
import { reviewPagePath } from "@fieldops/shared/invoices";
import { reviewEstimatePath } from "@fieldops/shared/review";
import { runInScope } from "../effects/run-in-scope.ts";
import { createJobRecord } from "../jobs/create-job.ts";
import { writeOutboxMessages, type OutboxMessageInput } from "../outbox/write-outbox-messages.ts";
import { companyHasPlanFeature } from "../plans/require-plan-feature.ts";
import { issuePublicLink } from "../public-links/public-links.ts";
import { publicLinkUrl } from "../public-links/public-link-token.ts";
import { systemActor, type TenantScope } from "../tenant-scope.ts";
import { automationsChanged } from "./automation-events.ts";
import { readAutomationRow, type AutomationRow } from "./automation-record.ts";
import {
  anchorOf,
  loadAutomationSubjects,
  meetsConditions,
  templateValues,
  type AutomationSubject,
  type CompanyWords,
} from "./automation-subjects.ts";
import { AUTOMATION_ACTOR_LABEL, planAgainFromMoment, readCompanyWords } from "./plan-automation-runs.ts";
import { DomainError } from "../errors.ts";
import type { runAutomationTask } from "./run-automation.task.ts";

interface RunContext {
  scope: TenantScope;
  runId: string;
  automation: AutomationRow;
  subject: AutomationSubject;
  company: CompanyWords;
  values: Record<string, string>;
  origin: string | null;
}

/** The pay or estimate link a template names, minted only when it does (a token lives only in the message). */
async function linkValues(context: RunContext, templates: readonly string[]): Promise<Record<string, string>> {
  const { scope, subject, origin } = context;
  const wants = (name: string) => templates.some((template) => template.includes(name));
  if (!origin) return {};
  if (subject.type === "invoice" && wants("pay_link")) {
    const token = await issuePublicLink(scope.tx, {
      companyId: scope.companyId,
      kind: "invoice_review",
      subjectId: subject.id,
      userId: null,
    });
    return { pay_link: `${origin}${reviewPagePath(subject.id, token)}` };
  }
  if (subject.type === "estimate" && wants("estimate_link")) {
    const token = await issuePublicLink(scope.tx, {
      companyId: scope.companyId,
      kind: "estimate",
      subjectId: subject.id,
      userId: null,
    });
    return { estimate_link: publicLinkUrl(origin, reviewEstimatePath(subject.id), token) };
  }
  return {};
}

function messageOf(
  context: RunContext,
  index: number,
): Pick<OutboxMessageInput, "kind" | "dedupeKey" | "customerId" | "invoiceId" | "estimateId"> {
  const { subject, runId } = context;
  return {
    kind: "automation",
    dedupeKey: `automation:${runId}:${index}`,
    customerId: subject.customer?.id ?? null,
    invoiceId: subject.type === "invoice" ? subject.id : null,
    estimateId: subject.type === "estimate" ? subject.id : null,
  };
}

/** Does one action; answers what happened, in words, for the run's history. */
async function perform(context: RunContext, action: AutomationAction, index: number): Promise<string> {
  const { scope, subject } = context;
  const customer = subject.customer;
  switch (action.type) {
    case "send_email":
    case "send_sms":
    case "request_review": {
      const channel = action.type === "send_email" ? "email" : action.type === "send_sms" ? "sms" : action.channel;
      const recipient = channel === "email" ? customer?.email : customer?.phone;
      if (!customer || !recipient)
        return `Not sent: ${customer?.name ?? "the customer"} has no ${channel === "email" ? "e-mail address" : "phone number"}`;
      if (channel === "sms" && !(await companyHasPlanFeature(scope.tx, "sms")))
        return "Not sent: texts need the Growth plan or higher";
      const templates =
        action.type === "send_email"
          ? [action.subject, action.body]
          : action.type === "send_sms"
            ? [action.body]
            : [action.message];
      const values: Record<string, string> = {
        ...context.values,
        ...(await linkValues(context, templates)),
        ...(action.type === "request_review" ? { [REVIEW_LINK_PLACEHOLDER]: action.reviewUrl } : {}),
      };
      const subjectLine =
        action.type === "send_email"
          ? fillTemplate(action.subject, values)
          : action.type === "request_review"
            ? `How did ${context.company.name} do?`
            : `Text from ${context.company.name}`;
      const body = fillTemplate(templates[templates.length - 1]!, values);
      const written = await writeOutboxMessages(scope, [
        {
          ...messageOf(context, index),
          channel,
          recipient,
          subject: subjectLine,
          body,
          ...(action.type === "request_review" ? { linkUrl: action.reviewUrl, linkLabel: "Leave a review" } : {}),
          ...(values.pay_link ? { linkUrl: values.pay_link, linkLabel: "View and pay the invoice" } : {}),
          ...(values.estimate_link ? { linkUrl: values.estimate_link, linkLabel: "Review the estimate" } : {}),
        },
      ]);
      if (written.length === 0) return "Already sent";
      return `${channel === "email" ? "E-mailed" : "Texted"} ${customer.name} (${recipient})`;
    }
    case "notify_user": {
      const user = await scope.tx.user.findUnique({
        where: { id: action.userId },
        select: { name: true, email: true, companyId: true },
      });
      if (!user || user.companyId !== scope.companyId) return "Not sent: the team member was removed";
      await writeOutboxMessages(scope, [
        {
          ...messageOf(context, index),
          customerId: null,
          channel: "email",
          recipient: user.email,
          subject: `${context.automation.name}: ${subject.label}`,
          body: fillTemplate(action.message, context.values),
        },
      ]);
      return `Notified ${user.name}`;
    }
    case "create_follow_up": {
      if (!customer) return "No follow-up: the record has no customer";
      const actor = await followUpAuthor(scope, context.automation.createdByUserId);
      if (!actor) return "No follow-up: the company has no owner to create it for";
      try {
        const job = await createJobRecord(
          { ...scope, actor: { kind: "user", platformAdmin: false, ...actor } },
          {
            customerId: customer.id,
            title: fillTemplate(action.title, context.values).slice(0, 200),
            description: `Created by the automation "${context.automation.name}" for ${subject.label}.`,
            visitDurationMinutes: 60,
          },
        );
        return `Created follow-up job #${job.number}`;
      } catch (error) {
        // A refusal (the plan's monthly job limit) is checked before any write: the run goes on and says why.
        if (error instanceof DomainError) return `No follow-up: ${error.message}`;
        throw error;
      }
    }
    case "add_tag": {
      if (!customer) return "No tag: the record has no customer";
      if (customer.tags.some((tag) => tag.toLowerCase() === action.tag.toLowerCase()))
        return `${customer.name} was already tagged ${action.tag}`;
      await scope.tx.customer.update({ where: { id: customer.id }, data: { tags: { push: action.tag } } });
      customer.tags.push(action.tag);
      return `Tagged ${customer.name} ${action.tag}`;
    }
  }
}

/** Who a follow-up job is created as: the automation's author while still in the company, else the first owner. */
async function followUpAuthor(scope: TenantScope, authorId: string | null) {
  const author = authorId
    ? await scope.tx.user.findFirst({ where: { id: authorId }, select: { id: true, role: true, name: true } })
    : null;
  const user =
    author ??
    (await scope.tx.user.findFirst({
      where: { role: "owner" },
      orderBy: { createdAt: "asc" },
      select: { id: true, role: true, name: true },
    }));
  return user ? { userId: user.id, role: user.role, name: user.name } : null;
}

/**
 * Fires a run once: its row, locked, must still be scheduled; the automation must still be on; the record must still
 * be where the run was planned for (a visit moved or canceled since, an invoice paid, an estimate answered, is not
 * acted on) and still meet the conditions. The actions and the run's outcome are written in one transaction, and each
 * message is keyed by the run, so a task delivered twice, or retried after a crash, acts once.
 */
export const runAutomation: TaskHandler<typeof runAutomationTask.schema> = async (payload, context) => {
  try {
    await fireRun(payload, context);
  } catch (error) {
    // BullMQ tries again; after the last try the run says it failed rather than wait forever.
    if (context.finalAttempt !== false) await recordFailure(context, payload, error);
    throw error;
  }
};

async function recordFailure(context: TaskContext, payload: Payload, error: unknown): Promise<void> {
  const reason = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 300) : "unknown error";
  await withTenant(context.db, payload.companyId, (tx) =>
    tx.automationRun.updateMany({
      where: { id: payload.runId, status: "scheduled" },
      data: { status: "failed", outcome: `Failed: ${reason}`, firedAt: new Date() },
    }),
  );
}

type Payload = z.infer<typeof runAutomationTask.schema>;

async function fireRun(payload: Payload, context: TaskContext): Promise<void> {
  const options = { companyId: payload.companyId, actor: systemActor(AUTOMATION_ACTOR_LABEL) };
  await runInScope(context, options, async (openedScope) => {
    const scope: TenantScope = { ...openedScope, automated: true };
    const { tx } = scope;
    const [locked] = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM automation_runs WHERE id = ${payload.runId}::uuid AND status = 'scheduled' FOR UPDATE`;
    if (!locked) return;
    const run = await tx.automationRun.findUniqueOrThrow({
      where: { id: payload.runId },
      include: { automation: true },
    });
    const finish = async (status: "done" | "skipped", outcome: string) => {
      await tx.automationRun.update({ where: { id: run.id }, data: { status, outcome, firedAt: new Date() } });
      scope.emit(automationsChanged([run.automationId]));
    };
    const automation = readAutomationRow(run.automation);
    if (!automation.enabled) return finish("skipped", "Skipped: the automation was turned off");
    const company = await readCompanyWords(tx, scope.companyId);
    const subjects = await loadAutomationSubjects(
      tx,
      run.subjectType as AutomationSubject["type"],
      [run.subjectId],
      company,
    );
    const subject = subjects.get(run.subjectId);
    if (!subject) return finish("skipped", "Skipped: the record was deleted");
    const anchor = anchorOf(subject, automation.trigger);
    if (!anchor) return finish("skipped", `Skipped: ${subject.gone}`);
    if (anchor.getTime() !== run.anchorAt.getTime()) {
      // A visit's moves plan its runs again where they are made; other records' moments move by edits that do not.
      if (subject.type === "visit")
        return finish(
          "skipped",
          `Skipped: the visit moved (now ${subject.values.visit_date}, ${subject.values.visit_time})`,
        );
      const next = await planAgainFromMoment(scope, automation, subject, anchor);
      const when = next.toLocaleString("en-US", {
        timeZone: company.timeZone,
        dateStyle: "medium",
        timeStyle: "short",
      });
      return finish("skipped", `Skipped: its date changed; planned again for ${when}`);
    }
    const unmet = meetsConditions(subject, automation.conditions);
    if (unmet) return finish("skipped", `Skipped: ${unmet}`);
    const runContext: RunContext = {
      scope,
      runId: run.id,
      automation,
      subject,
      company,
      values: templateValues(subject, company),
      origin: context.env?.PUBLIC_APP_URL ? new URL(context.env.PUBLIC_APP_URL).origin : run.automation.appOrigin,
    };
    const outcomes: string[] = [];
    for (const [index, action] of automation.actions.entries()) outcomes.push(await perform(runContext, action, index));
    await finish("done", outcomes.join("; "));
  });
}
