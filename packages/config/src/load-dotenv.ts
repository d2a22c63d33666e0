import { loadDotEnv } from "./dotenv.ts";

// Imported first by each entry point, so the file's variables are set before any other module reads the environment.
loadDotEnv();
