// Server settings from the environment, parsed once at start.
import { join, resolve } from "node:path";
import { z } from "zod";
import { defaultSettings, type ServiceSettings } from "./settings.ts";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no"])
  .transform((v) => v === "1" || v === "true" || v === "yes");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  DIST_DIR: z.string().default("./dist"),
  ADMIN_USERNAME: z.string().trim().min(1).max(15).default("admin"),
  ADMIN_PASSWORD: z.string().min(6).max(200).optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(525_600).default(480),
  TOKEN_MAX_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
  SINGLE_SESSION: flag.default(false),
  UPLOAD_DIR: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  SEED_DEMO: flag.default(true),
  FMEA_ENABLED: flag.default(true),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  distDir: string;
  adminUserName: string;
  /** Password for the first admin; generated and printed once when absent. */
  adminPassword?: string;
  seedDemo: boolean;
  settings: ServiceSettings;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Bad server configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    distDir: resolve(e.DIST_DIR),
    adminUserName: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    settings: defaultSettings({
      tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
      tokenMaxHours: e.TOKEN_MAX_HOURS,
      singleSession: e.SINGLE_SESSION,
      uploadDir: resolve(e.UPLOAD_DIR ?? join(dataDir, "uploads")),
      trustProxy: e.TRUST_PROXY,
      fmeaEnabled: e.FMEA_ENABLED,
    }),
  };
}
