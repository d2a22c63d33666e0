import { z } from "zod";
import { installValidationMessages } from "@fieldops/shared/validation-messages";

// The Content-Security-Policy forbids eval. Without this, every object schema probes for it when it is created (a
// CSP violation report); it must run before any module creates a schema, so main.tsx imports this file first.
z.config({ jitless: true });

// Field errors read as the app's sentences ("is required", "must be at most 100 characters"), as the API's do.
installValidationMessages();
