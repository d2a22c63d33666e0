import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { tenantSlugSchema } from "./tenant-routes";
import { permissionSchema, roleSchema } from "./roles";
import { planIdSchema } from "./plans";
import { impersonationSchema } from "./impersonation";
import { text } from "./text";

export const AUTH_TOKEN_STORAGE_KEY = "auth_token";
export const SESSION_COOKIE = "session";
export const SELECTED_PLAN_STORAGE_KEY = "selected_plan";

/** 254 characters: the longest address SMTP can deliver to. */
export const emailSchema = text({ max: 254, trim: true }).toLowerCase().email("Enter a valid email address");
export const passwordSchema = text({ max: 200 }).min(10, "Password must be at least 10 characters");

export const loginRequestSchema = z.object({
  username: emailSchema,
  password: text({ max: 200 }).min(1, "Password is required"),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  permissions: z.array(permissionSchema),
  companyId: z.string().nullable(),
  impersonating: z.boolean(),
  /** The impersonation this session is, while `impersonating`. */
  impersonation: impersonationSchema.nullable().optional(),
  /** A platform admin (role admin, or an address of PLATFORM_ADMIN_EMAILS) on their own session: may impersonate. */
  platformAdmin: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  message: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const signupRequestSchema = z.object({
  companyName: text({ max: 100, trim: true }).min(2, "Company name must be at least 2 characters"),
  name: text({ max: 100, trim: true }).min(1, "Your name is required"),
  email: emailSchema,
  password: passwordSchema,
  plan: planIdSchema.optional(),
  /** The company's address in tenant paths (/{slug}); derived from the company name when omitted. */
  slug: tenantSlugSchema.optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * Every refusal's body. `requiredPlan` is the cheapest plan that allows what a plan refused, so a screen can offer
 * the upgrade.
 */
export const errorResponseSchema = z.object({
  message: z.string(),
  field: z.string().optional(),
  requiredPlan: planIdSchema.optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const INVALID_CREDENTIALS = "Invalid credentials";

/**
 * The message a suspended company's users get: at sign-in, and on every request of a session the suspension ended (an
 * open page signs out and shows it).
 */
export const COMPANY_SUSPENDED_MESSAGE = "Your company's account is suspended. Contact support to restore it.";

export const authEndpoints = {
  login: defineEndpoint({
    method: "POST",
    path: "/api/login",
    tags: ["auth"],
    summary: "Sign in with e-mail and password",
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  signup: defineEndpoint({
    method: "POST",
    path: "/api/signup",
    tags: ["auth"],
    summary: "Create a company and its owner, on the chosen plan's free trial, and sign in",
    body: signupRequestSchema,
    status: 201,
    response: loginResponseSchema,
  }),
  logout: defineEndpoint({
    method: "POST",
    path: "/api/logout",
    tags: ["auth"],
    summary: "End the current session",
    status: 204,
    response: z.null(),
  }),
  user: defineEndpoint({
    method: "GET",
    path: "/api/user",
    tags: ["auth"],
    summary: "The signed-in user",
    response: userSchema,
  }),
} as const;
