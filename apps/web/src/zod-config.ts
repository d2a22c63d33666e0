import { z } from "zod";

// The Content-Security-Policy forbids eval. Without this, every object schema probes for it when it is created (a
// CSP violation report); it must run before any module creates a schema, so main.tsx imports this file first.
z.config({ jitless: true });
