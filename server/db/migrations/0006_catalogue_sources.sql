CREATE TABLE "catalogue_run_pages" (
	"run_id" integer NOT NULL,
	"page" integer NOT NULL,
	"videos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_run_pages_run_id_page_pk" PRIMARY KEY("run_id","page")
);
--> statement-breakpoint
CREATE TABLE "catalogue_runs" (
	"run_id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"kind" text NOT NULL,
	"hours" integer,
	"page_limit" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"pagecount" integer,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"pages_failed" integer DEFAULT 0 NOT NULL,
	"videos_inserted" integer DEFAULT 0 NOT NULL,
	"videos_updated" integer DEFAULT 0 NOT NULL,
	"videos_gone" integer DEFAULT 0 NOT NULL,
	"errors" text
);
--> statement-breakpoint
CREATE TABLE "catalogue_sources" (
	"source_id" serial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"endpoint" text NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_sources_host_unique" UNIQUE("host")
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "upstream_id" bigint;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "gone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "seen_run_id" integer;--> statement-breakpoint
ALTER TABLE "catalogue_run_pages" ADD CONSTRAINT "catalogue_run_pages_run_id_catalogue_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."catalogue_runs"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_runs" ADD CONSTRAINT "catalogue_runs_source_id_catalogue_sources_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."catalogue_sources"("source_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_runs_source_idx" ON "catalogue_runs" USING btree ("source_id","run_id");--> statement-breakpoint
CREATE INDEX "videos_source_idx" ON "videos" USING btree ("source_id","upstream_id");