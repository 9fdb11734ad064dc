/** The SMTP transport the worker uses: a pool of at most four connections, reused from message to message. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSmtpTransport } from "./worker";

let server: SMTPServer;
let connections = 0;
let received = 0;
let url = "";

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, done) {
      connections++;
      done();
    },
    onData(stream, _session, done) {
      stream.on("end", () => {
        received++;
        done();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("sends 40 messages over at most four pooled connections (the url does not drop the pool options)", async () => {
  const transport = createSmtpTransport(url);
  try {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        transport.send({
          from: "studio@studio.test",
          to: `client${i}@client.test`,
          subject: `Message ${i}`,
          html: `<p>${i}</p>`,
          text: String(i),
          messageId: `<pool-${i}@studio.test>`,
          attachments: [],
        }),
      ),
    );
  } finally {
    transport.close();
  }
  expect(received).toBe(40);
  expect(connections).toBeGreaterThan(0);
  expect(connections).toBeLessThanOrEqual(4);
});

it("a server that is down fails the send, so the worker retries it later", async () => {
  const down = createSmtpTransport("smtp://127.0.0.1:9");
  await expect(
    down.send({
      from: "studio@studio.test",
      to: "client@client.test",
      subject: "Down",
      html: "",
      text: "down",
      messageId: "<down@studio.test>",
      attachments: [],
    }),
  ).rejects.toThrow();
  down.close();
});
