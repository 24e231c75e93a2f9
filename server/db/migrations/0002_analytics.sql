CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"page" text NOT NULL,
	"video_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_kind_idx" ON "analytics_events" USING btree ("kind","page");