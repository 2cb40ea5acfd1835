// Drizzle schema: the single description of the database. `npx drizzle-kit generate` turns changes here
// into a new SQL migration under src/server/db/migrations/, which is committed and applied at start.
import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Facts about this installation (when it was first started, what was seeded). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
