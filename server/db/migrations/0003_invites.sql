CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_ref" integer NOT NULL,
	"invitee_ref" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"device_match" real DEFAULT 0 NOT NULL,
	"credit_week" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invites_invitee_ref_unique" UNIQUE("invitee_ref")
);
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_ref_players_id_fk" FOREIGN KEY ("inviter_ref") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_ref_players_id_fk" FOREIGN KEY ("invitee_ref") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_inviter_idx" ON "invites" USING btree ("inviter_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_one_credit_per_week" ON "invites" USING btree ("inviter_ref","credit_week") WHERE "invites"."status" = 'credited';