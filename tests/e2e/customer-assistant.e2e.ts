import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { DEFAULT_CUSTOMER_ASSISTANT_SETTINGS } from "@fieldops/shared/customer-assistant";
import { E2E_TWILIO_NUMBER, workerDatabaseOwnerUrl } from "./e2e-servers.ts";
import { json, ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";
import { postText } from "./twilio-text.ts";

async function withOwner<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: workerDatabaseOwnerUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A weekday `weeks` weeks out (`weekday`: 0 Sunday … 6 Saturday), away from the days other files book. */
function weekdayOut(weeks: number, weekday: number): string {
  const day = new Date(Date.now() + weeks * 7 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((weekday - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

test("a customer texts to move a visit: the assistant offers free times, the customer picks one, the office approves in the inbox, the board moves live and the customer is told", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await ownerApi(playwright, baseURL!);
  await json(await api.put("/api/settings/sms-number", { data: { smsNumber: E2E_TWILIO_NUMBER } }));
  const settings = { ...DEFAULT_CUSTOMER_ASSISTANT_SETTINGS, enabled: true, hours: { from: "00:00", to: "23:59" } };
  await json(await api.put("/api/settings/customer-assistant", { data: settings }));
  try {
    const stamp = randomBytes(3).toString("hex");
    const title = `Aeration ${stamp}`;
    const phone = `+1555017${String(Date.now() % 10_000).padStart(4, "0")}`;
    const customerId = await withOwner(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO customers (id, "companyId", name, phone, street, city, region, postcode, latitude, longitude, "updatedAt")
         SELECT gen_random_uuid(), "companyId", $2, $1, '14 Pearl St', 'Boulder', 'CO', '80302', 40.02, -105.27, now()
         FROM users WHERE email = 'owner@demo.test' RETURNING id`,
        [phone, `Rosa Diaz ${stamp}`],
      );
      return rows[0]!.id;
    });
    const job = await json<{ visits: { id: string; version: number }[] }>(
      await api.post("/api/jobs", { data: { customerId, title, visitDurationMinutes: 60 } }),
      201,
    );
    const booked = weekdayOut(7, 2);
    const wanted = weekdayOut(7, 4);
    await json(
      await api.post(`/api/visits/${job.visits[0]!.id}/schedule`, {
        data: { crewId: null, start: `${booked}T17:00:00.000Z`, durationMinutes: 60, version: job.visits[0]!.version },
      }),
    );

    const office = await (await browser.newContext()).newPage();
    await openSignedIn(office, "member@demo.test", "/app/messages");
    const board = await (await browser.newContext()).newPage();
    await openSignedIn(board, "owner@demo.test", `/schedule?view=board&date=${wanted}`);
    await expect(board.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
    // In no crew's lane that day (the unassigned queue lists it).
    const inLanes = board.getByRole("group", { name: /^Crew / }).getByRole("button", { name: new RegExp(title) });
    await expect(inLanes).toHaveCount(0);

    const twilioClient = await playwright.request.newContext();
    const wantedWords = new Date(`${wanted}T12:00:00Z`).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    await postText(twilioClient, baseURL!, phone, `hi, can you come on ${wantedWords} instead?`);

    const conversations = office.getByRole("navigation", { name: "Conversations" });
    await conversations.getByRole("button", { name: new RegExp(`Rosa Diaz ${stamp}`) }).click();
    const conversation = office.getByRole("region", { name: `Conversation with Rosa Diaz ${stamp}` });
    await expect(conversation.getByText(/we can move your visit to 1\)/)).toBeVisible();
    await expect(conversation.getByText("Assistant", { exact: true }).first()).toBeVisible();

    await postText(twilioClient, baseURL!, phone, "1");
    const waiting = conversation.getByRole("listitem", { name: "Waiting: Chose an offered time" });
    const approve = waiting.getByRole("button", { name: /^Move the visit to / });
    await expect(approve).toBeVisible();
    await approve.click();

    // The board follows live; the customer gets the confirmation, in the conversation too.
    await expect(inLanes).toHaveCount(1);
    await expect(conversation.getByText(/You're all set, Rosa: your visit is now/)).toBeVisible();
    await expect(waiting).toHaveCount(0);
    const moved = await withOwner(async (client) => {
      const { rows } = await client.query<{ start: Date }>(
        `SELECT "scheduledStart" AS start FROM visits WHERE id = $1`,
        [job.visits[0]!.id],
      );
      return rows[0]!.start.toISOString().slice(0, 10);
    });
    expect(moved).toBe(wanted);
    await twilioClient.dispose();
  } finally {
    await json(await api.put("/api/settings/customer-assistant", { data: DEFAULT_CUSTOMER_ASSISTANT_SETTINGS }));
    await api.dispose();
  }
});
