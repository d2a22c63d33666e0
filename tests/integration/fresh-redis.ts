import { beforeAll } from "vitest";
import { Redis } from "ioredis";
import { workerResources } from "./provided-context.ts";

// Files of one vitest worker run one after another on the same Redis index. A file that kills a worker process leaves
// its claimed jobs "active" until their locks lapse (30 s), and the next file's drainQueues waited for them; each file
// starts on an empty index instead.
beforeAll(async () => {
  const redis = new Redis(workerResources().redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
});
