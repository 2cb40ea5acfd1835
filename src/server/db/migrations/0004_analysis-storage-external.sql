-- Analyses hold packed columns (bytea) and bodies with base64 typed arrays (saved life-data results): pglz
-- compression of a few MB of such bytes took about 40 % of a 400,000-row set's insert on PGlite and saves
-- little on them, so both are stored out of line without compression (issue 16).
ALTER TABLE "analyses" ALTER COLUMN "columns" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "analyses" ALTER COLUMN "body" SET STORAGE EXTERNAL;
