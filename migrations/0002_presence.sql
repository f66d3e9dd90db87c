CREATE TABLE "presence_connections" (
	"process_id" text NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "presence_connections_process_id_user_id_pk" PRIMARY KEY("process_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "presence_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "presence_connections" ADD CONSTRAINT "presence_connections_process_id_presence_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."presence_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence_connections" ADD CONSTRAINT "presence_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_connections_user_id_idx" ON "presence_connections" USING btree ("user_id");