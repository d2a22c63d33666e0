import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer of the stand-in: streamed text pieces, or tool calls (their arguments streamed in pieces). */
export type StandInReply =
  | {
      text: string[];
      /** How long the model "thinks" between two pieces, as a real one writes its answer. */
      pauseMs?: number;
      usage?: { prompt_tokens: number; completion_tokens: number };
    }
  | { toolCalls: { name: string; args: unknown }[]; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { status: number };

export interface ChatCompletionRequest {
  headers: IncomingMessage["headers"];
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: unknown; tool_calls?: unknown; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description?: string; parameters: unknown } }[];
  };
}

/**
 * A local OpenAI-compatible server for tests: `POST /v1/chat/completions` answers each request with the next scripted
 * reply as server-sent events (chat.completion.chunk), the way OpenAI streams text deltas and tool calls.
 */
export async function startOpenAiStandIn() {
  const replies: StandInReply[] = [];
  const requests: ChatCompletionRequest[] = [];
  /** When each streamed answer's last piece was written (ms since the epoch). */
  const finishedAt: number[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404).end();
      return;
    }
    requests.push({
      headers: request.headers,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatCompletionRequest["body"],
    });
    const reply = replies.shift() ?? { text: ["(no scripted reply)"] };
    if ("status" in reply) {
      response
        .writeHead(reply.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "stand-in failure", type: "server_error" } }));
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const id = `chatcmpl-${requests.length}`;
    const send = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      response.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 1_700_000_000, model: "stand-in", choices, ...extra })}\n\n`,
      );
    if ("text" in reply) {
      send([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]);
      for (const [index, piece] of reply.text.entries()) {
        if (index > 0 && reply.pauseMs) await new Promise((resolve) => setTimeout(resolve, reply.pauseMs));
        send([{ index: 0, delta: { content: piece }, finish_reason: null }]);
      }
      finishedAt.push(Date.now());
      send([{ index: 0, delta: {}, finish_reason: "stop" }]);
    } else {
      reply.toolCalls.forEach((call, index) => {
        const args = JSON.stringify(call.args);
        const half = Math.floor(args.length / 2);
        send([
          {
            index: 0,
            delta: {
              role: "assistant",
              tool_calls: [
                {
                  index,
                  id: `call_${requests.length}_${index}`,
                  type: "function",
                  function: { name: call.name, arguments: args.slice(0, half) },
                },
              ],
            },
            finish_reason: null,
          },
        ]);
        send([
          {
            index: 0,
            delta: { tool_calls: [{ index, function: { arguments: args.slice(half) } }] },
            finish_reason: null,
          },
        ]);
      });
      send([{ index: 0, delta: {}, finish_reason: "tool_calls" }]);
    }
    const usage = reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 };
    send([], { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
    response.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    finishedAt,
    /** Queues the next answers, in order. */
    reply(...next: StandInReply[]) {
      replies.push(...next);
    },
    reset() {
      replies.length = 0;
      requests.length = 0;
      finishedAt.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
