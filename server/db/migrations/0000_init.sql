CREATE TABLE "init_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_ref" integer NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_on_at" timestamp with time zone,
	CONSTRAINT "partner_accounts_player_ref_unique" UNIQUE("player_ref"),
	CONSTRAINT "partner_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"credential_hash" text NOT NULL,
	"device_id" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"video_watch_count" integer DEFAULT 0 NOT NULL,
	"current_progress" integer DEFAULT 0 NOT NULL,
	"last_counted_watch_at" timestamp with time zone,
	"daily_day" text,
	"daily_watch_count" integer DEFAULT 0 NOT NULL,
	"daily_points_earned" integer DEFAULT 0 NOT NULL,
	"checkin_day" text,
	"risk_score" real DEFAULT 0 NOT NULL,
	"fingerprints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_player_id_unique" UNIQUE("player_id"),
	CONSTRAINT "players_credential_hash_unique" UNIQUE("credential_hash"),
	CONSTRAINT "players_points_nonnegative" CHECK ("players"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_ref" integer NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"source" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"type_id" integer PRIMARY KEY NOT NULL,
	"type_pid" integer DEFAULT 0 NOT NULL,
	"type_name" text NOT NULL,
	"type_en" text DEFAULT '' NOT NULL,
	"type_sort" integer DEFAULT 0 NOT NULL,
	"type_mid" integer DEFAULT 1 NOT NULL,
	"type_status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"vod_id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"vod_name" text NOT NULL,
	"vod_name_pt" text,
	"vod_name_en" text,
	"vod_name_ja" text,
	"vod_name_ko" text,
	"vod_sub" text DEFAULT '' NOT NULL,
	"vod_en" text DEFAULT '' NOT NULL,
	"vod_pic" text DEFAULT '' NOT NULL,
	"vod_remarks" text DEFAULT '' NOT NULL,
	"vod_area" text DEFAULT '' NOT NULL,
	"vod_lang" text DEFAULT '' NOT NULL,
	"vod_year" text DEFAULT '' NOT NULL,
	"vod_director" text DEFAULT '' NOT NULL,
	"vod_actor" text DEFAULT '' NOT NULL,
	"vod_content" text DEFAULT '' NOT NULL,
	"vod_play_from" text DEFAULT '' NOT NULL,
	"vod_play_server" text DEFAULT '' NOT NULL,
	"vod_play_note" text DEFAULT '' NOT NULL,
	"vod_play_url" text DEFAULT '' NOT NULL,
	"vod_duration" integer,
	"vod_hits" integer DEFAULT 0 NOT NULL,
	"vod_time" timestamp with time zone DEFAULT now() NOT NULL,
	"source_key" text NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_video_plays" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_video_id" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"referer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_video_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_message" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"short_video_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"original_id" integer NOT NULL,
	"title" text NOT NULL,
	"source_url" text NOT NULL,
	"playlist" text NOT NULL,
	"start_sec" real NOT NULL,
	"end_sec" real NOT NULL,
	"ad_segments" integer DEFAULT 0 NOT NULL,
	"play_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_player_ref_players_id_fk" FOREIGN KEY ("player_ref") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_player_ref_players_id_fk" FOREIGN KEY ("player_ref") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "init_attempts_ip_idx" ON "init_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "transactions_player_idx" ON "transactions" USING btree ("player_ref","id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_source_key_idx" ON "videos" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "videos_type_idx" ON "videos" USING btree ("type_id","vod_time");--> statement-breakpoint
CREATE INDEX "videos_time_idx" ON "videos" USING btree ("vod_time");--> statement-breakpoint
CREATE INDEX "short_video_tasks_status_idx" ON "short_video_tasks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "short_videos_original_idx" ON "short_videos" USING btree ("original_id");