/** An OpenAI-compatible chat-completions model the assistant talks to. */
export interface AssistantModelConfig {
  apiKey: string;
  /** Defaults to OpenAI's API. */
  baseURL?: string;
  model: string;
  /** US dollars per million tokens, when known, to record what each answer cost. */
  pricing?: { inputPerMillion: number; outputPerMillion: number };
}

export const DEFAULT_MODEL = "gpt-4o-mini";

/** Prices of common models (USD per million tokens); another model's cost is recorded as 0 unless configured. */
const KNOWN_PRICES: Record<string, { inputPerMillion: number; outputPerMillion: number }> = {
  "gpt-4o-mini": { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  "gpt-4o": { inputPerMillion: 2.5, outputPerMillion: 10 },
  "gpt-4.1-mini": { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  "gpt-4.1": { inputPerMillion: 2, outputPerMillion: 8 },
};

export function modelConfigFromEnv(env: {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_MODEL?: string | undefined;
}): AssistantModelConfig | null {
  if (!env.OPENAI_API_KEY) return null;
  const model = env.OPENAI_MODEL || DEFAULT_MODEL;
  const pricing = KNOWN_PRICES[model];
  return {
    apiKey: env.OPENAI_API_KEY,
    model,
    ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
    ...(pricing ? { pricing } : {}),
  };
}

/** Millionths of a dollar for the tokens used. */
export function costMicros(config: AssistantModelConfig, inputTokens: number, outputTokens: number): number {
  if (!config.pricing) return 0;
  return Math.round(inputTokens * config.pricing.inputPerMillion + outputTokens * config.pricing.outputPerMillion);
}
