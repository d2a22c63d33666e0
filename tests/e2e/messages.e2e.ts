import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import pg from "pg";
import { E2E_TWILIO_ACCOUNT, E2E_TWILIO_NUMBER, workerDatabaseOwnerUrl, workerServer } from "./e2e-servers.ts";
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

/** The page passes axe's WCAG 2 A/AA rules and best practices, as every screen must (accessibility.e2e.ts). */
async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`),
    where,
  ).toEqual([]);
}

const COMPANY_NUMBER = E2E_TWILIO_NUMBER;

/** The owner's API client, with the company texting from COMPANY_NUMBER. */
async function textingOffice(playwright: Parameters<typeof ownerApi>[0], baseURL: string) {
  const api = await ownerApi(playwright, baseURL);
  await json(await api.put("/api/settings/sms-number", { data: { smsNumber: COMPANY_NUMBER } }));
  return api;
}

/** The demo company texts through its own Twilio account (Twilio Connect) while `work` runs, then as before. */
async function withConnectedTwilio(work: () => Promise<void>): Promise<void> {
  const demo = `SELECT "companyId" FROM users WHERE email = 'owner@demo.test'`;
  await withOwner((client) =>
    client.query(
      `INSERT INTO integration_connections (id, "companyId", provider, simulated, "accountId", "accountName", "updatedAt")
       SELECT gen_random_uuid(), (${demo}), 'twilio', false, $1, 'Twilio account ' || $1, now()`,
      [E2E_TWILIO_ACCOUNT],
    ),
  );
  try {
    await work();
  } finally {
    await withOwner((client) =>
      client.query(`DELETE FROM integration_connections WHERE "companyId" = (${demo}) AND provider = 'twilio'`),
    );
  }
}

/** The texts the products' stand-in of Twilio's API took on the connected account, to a number: Twilio's own list. */
async function textsTakenBy(to: string): Promise<{ to: string; from: string; body: string }[]> {
  const url = `http://127.0.0.1:${workerServer().twilioPort}/2010-04-01/Accounts/${E2E_TWILIO_ACCOUNT}/Messages.json`;
  const response = await fetch(`${url}?To=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: { to: string; from: string; body: string }[] }).messages.map(
    ({ to, from, body }) => ({ to, from, body }),
  );
}

test("a signed inbound text appears live in the inbox and the customer's thread; the office's reply reaches Twilio's stand-in", async ({
  page,
  playwright,
  baseURL,
}) => {
  await withConnectedTwilio(() => inboundAndReply(page, playwright, baseURL!));
});

async function inboundAndReply(page: Page, playwright: PlaywrightWorkerArgs["playwright"], baseURL: string) {
  const api = await textingOffice(playwright, baseURL);
  const companyNumber = COMPANY_NUMBER;
  const customerPhone = "(555) 014-3111";
  const customerId = await withOwner(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO customers (id, "companyId", name, phone, street, city, region, postcode, "updatedAt")
       SELECT gen_random_uuid(), "companyId", 'Texting Tess', $1, '9 Birch Rd', 'Springfield', 'IL', '62701', now()
       FROM users WHERE email = 'owner@demo.test' RETURNING id`,
      [customerPhone],
    );
    return rows[0]!.id;
  });

  await openSignedIn(page, "owner@demo.test", "/app/messages");
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();

  const twilioClient = await playwright.request.newContext();
  await postText(twilioClient, baseURL, "+15550143111", "Running late? The gate code is 4411.");

  // Live: the conversation arrives, unread, with the badge in the navigation.
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  await expect(conversations.getByRole("button", { name: /Texting Tess 1 unread/ })).toBeVisible();
  await expect(page.getByTestId("unread-messages-badge")).toBeVisible();
  await conversations.getByRole("button", { name: /Texting Tess/ }).click();
  const conversation = page.getByRole("region", { name: "Conversation with Texting Tess" });
  await expect(conversation.getByText("Running late? The gate code is 4411.")).toBeVisible();
  // Opening it reads it.
  await expect(conversations.getByRole("button", { name: /Texting Tess/ })).not.toHaveAccessibleName(/unread/);
  await expectAccessible(page, "the inbox with a conversation open");

  // The office replies by text: it shows in the thread, goes through the official SDK to Twilio (its stand-in), from
  // the company's number, and the thread says it left.
  await conversation.getByRole("textbox", { name: "Message" }).fill("No problem, see you at 3.");
  await conversation.getByRole("button", { name: "Send reply" }).click();
  await expect(conversation.getByText("No problem, see you at 3.")).toBeVisible();
  await expect(conversation.getByText("Sent to the carrier")).toBeVisible();
  await expect
    .poll(() => textsTakenBy("+15550143111"))
    .toEqual([{ to: "+15550143111", from: companyNumber, body: "No problem, see you at 3." }]);
  await expect
    .poll(() =>
      withOwner(async (client) => {
        const { rows } = await client.query<{ channel: string; recipient: string }>(
          `SELECT channel, recipient FROM outbox_messages WHERE "customerId" = $1 AND kind = 'reply'`,
          [customerId],
        );
        return rows;
      }),
    )
    .toEqual([{ channel: "sms", recipient: customerPhone }]);

  // The customer's page shows the same conversation, both ways.
  await page.goto(`/customers/${customerId}`);
  const onPage = page.getByRole("region", { name: "Conversation" });
  await expect(onPage.getByText("Running late? The gate code is 4411.")).toBeVisible();
  await expect(onPage.getByText("No problem, see you at 3.")).toBeVisible();

  // Another text arrives while the customer's page is open: it appears without a reload.
  await postText(twilioClient, baseURL, "+15550143111", "Thanks!");
  await expect(onPage.getByText("Thanks!")).toBeVisible();
  await expectAccessible(page, "the customer's page with the conversation");
  await api.dispose();
  await twilioClient.dispose();
}

test("an unknown number's text is moved onto a customer: it joins their page, and the number's next text finds them", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await textingOffice(playwright, baseURL!);
  const tag = `${Date.now()}`;
  const name = `Moving Morgan ${tag.slice(-5)}`;
  const created = await api.post("/api/customers", {
    data: {
      name,
      contacts: [{ kind: "email", value: `morgan-${tag}@example.com` }],
      properties: [
        { street: "4 Oak Ave", city: "Springfield", region: "IL", postcode: "62701", latitude: 39.8, longitude: -89.6 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const customerId = ((await created.json()) as { id: string }).id;
  const unknownNumber = `+1555019${tag.slice(-4)}`;

  const twilioClient = await playwright.request.newContext();
  const text = (body: string) => postText(twilioClient, baseURL!, unknownNumber, body);
  await text("Hi, this is Morgan from my work phone");

  await openSignedIn(page, "owner@demo.test", "/app/messages");
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  await conversations.getByRole("button", { name: new RegExp(`\\${unknownNumber}`) }).click();
  const unplaced = page.getByRole("region", { name: `Conversation with ${unknownNumber}` });
  await expect(unplaced.getByText("Unknown sender: no customer has this number or address")).toBeVisible();
  await unplaced.getByRole("button", { name: "This is…" }).click();

  const dialog = page.getByRole("dialog", { name: `Who is ${unknownNumber}?` });
  await dialog.getByRole("searchbox", { name: "Find customer" }).fill(name);
  await dialog.getByRole("combobox", { name: "Customer" }).selectOption({ label: name });
  await expect(dialog.getByRole("checkbox", { name: `Save ${unknownNumber} to their contacts` })).toBeChecked();
  await expectAccessible(page, "the dialog that moves a conversation onto a customer");
  await dialog.getByRole("button", { name: "Move conversation" }).click();

  // The inbox opens the customer's conversation, with the text in it; the number's own thread is gone.
  const moved = page.getByRole("region", { name: `Conversation with ${name}` });
  await expect(moved.getByText("Hi, this is Morgan from my work phone")).toBeVisible();
  await expect(conversations.getByRole("button", { name: new RegExp(`\\${unknownNumber}`) })).toHaveCount(0);

  // The customer's page has the conversation and the number among their contacts; their next text arrives there live.
  await page.goto(`/customers/${customerId}`);
  const onPage = page.getByRole("region", { name: "Conversation" });
  await expect(onPage.getByText("Hi, this is Morgan from my work phone")).toBeVisible();
  await expect(page.getByRole("link", { name: unknownNumber })).toBeVisible();
  await text("Is Thursday possible?");
  await expect(onPage.getByText("Is Thursday possible?")).toBeVisible();
  await api.dispose();
  await twilioClient.dispose();
});
