-- Issue 17: an FMEA's nodes and links as rows with per-node versions, and the numbered log of stored edits
-- that clients poll for the changes other people made.
CREATE TABLE "fmea_changes" (
	"fmea_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"user_id" integer NOT NULL,
	"node_ids" jsonb NOT NULL,
	"link_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fmea_changes_fmea_id_seq_pk" PRIMARY KEY("fmea_id","seq")
);
--> statement-breakpoint
CREATE TABLE "fmea_links" (
	"fmea_id" integer NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"from_id" text NOT NULL,
	"to_id" text NOT NULL,
	CONSTRAINT "fmea_links_fmea_id_id_pk" PRIMARY KEY("fmea_id","id")
);
--> statement-breakpoint
CREATE TABLE "fmea_nodes" (
	"fmea_id" integer NOT NULL,
	"id" text NOT NULL,
	"parent_id" text,
	"kind" text NOT NULL,
	"element_type" text,
	"name" text NOT NULL,
	"ord" double precision NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fmea_nodes_fmea_id_id_pk" PRIMARY KEY("fmea_id","id")
);
--> statement-breakpoint
ALTER TABLE "fmea_changes" ADD CONSTRAINT "fmea_changes_fmea_id_analyses_id_fk" FOREIGN KEY ("fmea_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fmea_links" ADD CONSTRAINT "fmea_links_fmea_id_analyses_id_fk" FOREIGN KEY ("fmea_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fmea_nodes" ADD CONSTRAINT "fmea_nodes_fmea_id_analyses_id_fk" FOREIGN KEY ("fmea_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;