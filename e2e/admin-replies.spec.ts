/** Replies from the Messages inbox: written in the message view, sent by e-mail in the thread, shown there. */
import type { APIRequestContext } from "@playwright/test";
import { MESSAGES } from "@studio/validators";
import { adminSession, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

async function adminQuery<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  input: unknown,
): Promise<T> {
  const response = await request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

test("an admin replies to a message twice; the thread is shown and the e-mails are threaded", async ({
  page,
}) => {
  const { token } = await adminSession(page, "Rita Replier");
  const tag = uid();
  const email = `lena-${tag}@client.e2e`;
  const response = await page.request.post("/api/contact", {
    data: {
      name: `Lena ${tag}`,
      email,
      phone: "",
      subject: `Dates in June ${tag}`,
      message: "Is the 14th free?",
      serviceType: "",
    },
  });
  expect(response.status()).toBe(201);

  await page.goto("/admin/messages");
  await page
    .getByRole("list", { name: "Inbox" })
    .getByRole("listitem")
    .filter({ hasText: `Dates in June ${tag}` })
    .getByRole("button")
    .click();
  const reader = page.getByRole("region", { name: "Message" });
  await expect(reader).toContainText("No replies yet.");

  const box = reader.getByLabel(`Reply to Lena ${tag}`);
  await reader.getByRole("button", { name: "Send reply" }).click();
  await expect(reader.getByRole("alert")).toHaveText(MESSAGES.contactReply.bodyRequired);

  await box.fill("Yes, the 14th is free. Shall I hold it for you?");
  await reader.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText(MESSAGES.contactReply.sent)).toBeVisible();
  const thread = reader.getByRole("list", { name: "Replies sent" });
  await expect(thread.getByRole("listitem")).toHaveCount(1);
  await expect(box).toHaveValue("");

  await box.fill("Here is our price list as promised.");
  await reader.getByRole("button", { name: "Send reply" }).click();
  await expect(thread.getByRole("listitem")).toHaveCount(2);
  await expect(thread.getByRole("listitem").first()).toContainText("Rita Replier");
  await expect(thread.getByRole("listitem").nth(1)).toContainText("Here is our price list as promised.");

  // Still there after a reload: the thread is stored.
  await page.reload();
  await page
    .getByRole("list", { name: "Inbox" })
    .getByRole("listitem")
    .filter({ hasText: `Dates in June ${tag}` })
    .getByRole("button")
    .click();
  await expect(page.getByRole("list", { name: "Replies sent" }).getByRole("listitem")).toHaveCount(2);

  // The outbox: two replies to the client, the second in reply to the first.
  const list = await adminQuery<{ items: Array<{ id: number; kind: string; recipients: string }> }>(
    page.request,
    token,
    "mail.list",
    { limit: 100 },
  );
  const replies = list.items.filter((i) => i.kind === "contact.reply" && i.recipients.includes(email));
  expect(replies).toHaveLength(2);
  const sent = await Promise.all(
    replies.map((r) =>
      adminQuery<{ text: string; subject: string }>(page.request, token, "mail.get", { id: r.id }),
    ),
  );
  // (In-Reply-To / References of the second are checked in packages/api contact-replies.test.ts.)
  expect(sent.filter((mail) => mail.text.includes("the 14th is free"))).toHaveLength(1);
  expect(sent.filter((mail) => mail.text.includes("Here is our price list as promised."))).toHaveLength(1);
  for (const mail of sent) expect(mail.subject).toContain(`Dates in June ${tag}`);
});
