CREATE TABLE "member_blocks" (
	"block" integer PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"admins" integer DEFAULT 0 NOT NULL,
	"posts" bigint DEFAULT 0 NOT NULL
);
