import { z } from "zod";
import { roleSchema, permissionSchema } from "./roles";
import { planIdSchema } from "./plans";
import { verticalIdSchema } from "./verticals";

/** GET /api/brain/context: what the assistant and the client know of the signed-in user and their company; nothing secret. */
export const assistantUserContextSchema = z.object({
  company: z.object({
    id: z.string(),
    name: z.string(),
    verticalId: verticalIdSchema,
    planId: planIdSchema,
    /** The providers the company has connected. */
    integrations: z.array(z.string()),
    hipaaMode: z.boolean(),
  }),
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    permissions: z.array(permissionSchema),
  }),
});
export type AssistantUserContext = z.infer<typeof assistantUserContextSchema>;
