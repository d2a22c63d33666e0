import { useState } from "react";
import { useSearchParams } from "react-router";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import {
  SUPPORT_STATUS_LABELS,
  supportTicketStatusSchema,
  createSupportTicketRequestSchema,
  replySupportTicketRequestSchema,
  type AttachmentUpload,
  type SupportTicket,
  type SupportTicketSummary,
  supportEndpoints,
} from "@fieldops/shared/support";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { downloadFromApi } from "../../lib/download";
import { endpointUrl } from "../../lib/endpoints";
import { useCompany } from "../../lib/company";
import { usePageTitle } from "../../shell/page-title";
import { AttachmentPicker } from "./attachment-picker";
import {
  useOpenTicket,
  useReplyTicket,
  useSetTicketStatus,
  useSupportTicket,
  useSupportTickets,
} from "./support-queries";
import { apiErrorMessage } from "../../lib/api-error";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useSignedInUser } from "../../lib/session";

function StatusBadge({ status }: { status: SupportTicket["status"] }) {
  return (
    <Badge variant={status === "open" ? "default" : status === "waiting" ? "secondary" : "outline"}>
      {SUPPORT_STATUS_LABELS[status]}
    </Badge>
  );
}

const download = (id: string, fileName: string) =>
  downloadFromApi(endpointUrl(supportEndpoints.attachment, { params: { id } }), fileName);

/** The API's rules for a new ticket; its attachments come from the picker, which checks them as the server does. */
const newTicketFormSchema = createSupportTicketRequestSchema.omit({ attachments: true });
const replyFormSchema = replySupportTicketRequestSchema.omit({ attachments: true });

function NewTicketForm({ onOpened }: { onOpened: (id: string) => void }) {
  const open = useOpenTicket();
  const form = useSchemaForm(newTicketFormSchema, { subject: "", body: "" });
  const [files, setFiles] = useState<AttachmentUpload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const { refusal, place, clear } = useRefusal(form);
  const submit = form.handleSubmit((body) => {
    clear();
    open.mutate(
      { body: { ...body, attachments: files } },
      {
        onSuccess: (ticket) => {
          form.reset();
          setFiles([]);
          onOpened(ticket.id);
        },
        onError: place,
      },
    );
  });
  return (
    <Card role="region" aria-labelledby="new-ticket-title">
      <CardHeader>
        <CardTitle id="new-ticket-title">Ask for help</CardTitle>
        <CardDescription>Describe what happened; screenshots help. The support team answers here.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <FormField form={form} name="subject" label="Subject">
            {(control) => <Input {...control} required {...form.register("subject")} />}
          </FormField>
          <FormField form={form} name="body" label="Message">
            {(control) => <Textarea {...control} required rows={4} {...form.register("body")} />}
          </FormField>
          <AttachmentPicker id="ticket-files" files={files} onChange={setFiles} onProblem={setProblem} />
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          <FormRefusal error={refusal} />
          <div>
            <Button type="submit" disabled={open.isPending}>
              {open.isPending ? "Sending…" : "Open ticket"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function TicketDetail({ id, agent, timeZone }: { id: string; agent: boolean; timeZone: string }) {
  const ticket = useSupportTicket(id);
  const reply = useReplyTicket();
  const setStatus = useSetTicketStatus();
  const form = useSchemaForm(replyFormSchema, { body: "" });
  const [files, setFiles] = useState<AttachmentUpload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const { refusal, place, clear } = useRefusal(form);
  if (ticket.isPending) return <LoadingBlock label="Loading the ticket" />;
  if (ticket.isError)
    return (
      <ErrorBlock title="The ticket could not be loaded" retry={() => void ticket.refetch()} busy={ticket.isFetching} />
    );
  const data = ticket.data;
  const statuses = agent
    ? supportTicketStatusSchema.options
    : supportTicketStatusSchema.options.filter((s) => s !== "waiting" && (data.status !== "closed" || s === "closed"));
  const submit = form.handleSubmit((body) => {
    clear();
    reply.mutate(
      { params: { id }, body: { ...body, attachments: files } },
      {
        onSuccess: () => {
          form.reset();
          setFiles([]);
        },
        onError: place,
      },
    );
  });
  return (
    <Card role="region" aria-labelledby="ticket-title">
      <CardHeader>
        <CardTitle id="ticket-title">{data.subject}</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <StatusBadge status={data.status} />
          {data.priority ? <Badge variant="secondary">Priority support</Badge> : null}
          {agent ? <span>{data.companyName}</span> : null}
          <span>opened by {data.createdByName}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ol aria-label="Messages" className="grid gap-3">
          {data.messages.map((message) => (
            <li key={message.id} className={`rounded-lg border p-3 ${message.fromSupport ? "bg-muted/50" : ""}`}>
              <p className="text-sm font-medium">
                {message.authorName}{" "}
                <span className="font-normal text-muted-foreground">
                  · {formatCompanyTime(message.createdAt, timeZone)}
                </span>
              </p>
              <p className="mt-1 text-sm whitespace-pre-wrap">{message.body}</p>
              {message.attachments.length > 0 ? (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {message.attachments.map((file) => (
                    <li key={file.id}>
                      <Button variant="outline" size="sm" onClick={() => void download(file.id, file.fileName)}>
                        {file.fileName} ({Math.max(1, Math.round(file.byteSize / 1024))} KB)
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
        {data.status === "closed" ? (
          <p className="text-sm text-muted-foreground">This ticket is closed; open a new one if you need more help.</p>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Reply">
            <FormField form={form} name="body" label="Reply">
              {(control) => <Textarea {...control} required rows={3} {...form.register("body")} />}
            </FormField>
            <AttachmentPicker id="reply-files" files={files} onChange={setFiles} onProblem={setProblem} />
            {problem ? (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : null}
            <FormRefusal error={refusal} />
            <div>
              <Button type="submit" disabled={reply.isPending}>
                {reply.isPending ? "Sending…" : "Send reply"}
              </Button>
            </div>
          </form>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="ticket-status">Status</Label>
            <NativeSelect
              id="ticket-status"
              value={data.status}
              disabled={setStatus.isPending}
              onChange={(e) =>
                setStatus.mutate({
                  params: { id },
                  body: { status: supportTicketStatusSchema.catch(data.status).parse(e.target.value) },
                })
              }
            >
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {SUPPORT_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {setStatus.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(setStatus.error)}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function TicketList({
  items,
  selected,
  onSelect,
  agent,
  timeZone,
}: {
  items: SupportTicketSummary[];
  selected: string | null;
  onSelect: (id: string) => void;
  agent: boolean;
  timeZone: string;
}) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No tickets yet.</p>;
  return (
    <ul aria-label="Tickets" className="divide-y rounded-lg border">
      {items.map((ticket) => (
        <li key={ticket.id}>
          <button
            type="button"
            aria-current={ticket.id === selected ? "true" : undefined}
            className={`grid w-full gap-1 p-3 text-left hover:bg-accent ${ticket.id === selected ? "bg-accent" : ""}`}
            onClick={() => onSelect(ticket.id)}
          >
            <span className="flex flex-wrap items-center gap-2 font-medium">
              {ticket.subject} <StatusBadge status={ticket.status} />{" "}
              {ticket.priority ? <Badge variant="secondary">Priority</Badge> : null}
            </span>
            <span className="text-sm text-muted-foreground">
              {agent ? `${ticket.companyName} · ` : ""}
              {ticket.createdByName} · {formatCompanyTime(ticket.lastMessageAt, timeZone)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** /support: the company's tickets (or, for the support team, every company's) with their conversation. */
export function SupportPage() {
  usePageTitle("Support");
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const timeZone = company.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const tickets = useSupportTickets();
  const [params, setParams] = useSearchParams();
  const selected = params.get("ticket");
  const select = (id: string) => setParams({ ticket: id });
  const agent = tickets.data?.supportAgent ?? false;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Support</h1>
        {tickets.data?.prioritySupport ? <Badge>Priority support</Badge> : null}
      </div>
      {agent ? (
        <p className="text-sm text-muted-foreground">
          Every company's tickets; those of plans with priority support come first.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid content-start gap-4">
          {tickets.isPending ? (
            <LoadingBlock label="Loading tickets" />
          ) : tickets.isError ? (
            <ErrorBlock
              title="Your tickets could not be loaded"
              retry={() => void tickets.refetch()}
              busy={tickets.isFetching}
            />
          ) : (
            <TicketList
              items={tickets.data.items}
              selected={selected}
              onSelect={select}
              agent={agent}
              timeZone={timeZone}
            />
          )}
          {user.companyId !== null && !agent ? <NewTicketForm onOpened={select} /> : null}
        </div>
        <div>
          {selected && /^[0-9a-f-]{36}$/i.test(selected) ? (
            <TicketDetail key={selected} id={selected} agent={agent} timeZone={timeZone} />
          ) : null}
        </div>
      </div>
    </>
  );
}
