import { z } from "zod";
import { text } from "./text";

/**
 * A request that must take effect once names an Idempotency-Key, made once by the client when the user acted: sent
 * again (a retry after a lost answer, an offline queue's replay), it changes nothing more. Money never moves twice.
 */
export const idempotencyHeadersSchema = z.object({ "idempotency-key": text({ max: 100 }).min(8) });
/** A request that may name one: sent with a key, it takes effect once. */
export const optionalIdempotencyHeadersSchema = z.object({ "idempotency-key": text({ max: 100 }).min(8).optional() });
