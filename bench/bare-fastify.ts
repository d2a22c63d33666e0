import Fastify from "fastify";

/** The baseline: a bare Fastify route answering a small JSON object, in a process of its own. */
const app = Fastify({ logger: false });
app.get("/bare", async () => ({
  id: "00000000-0000-0000-0000-000000000000",
  email: "bare@bench.test",
  role: "member",
}));
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
