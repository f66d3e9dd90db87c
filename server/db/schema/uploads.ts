import { index, integer, pgTable, serial, varchar } from "drizzle-orm/pg-core";
import { UPLOAD_ORIGINAL_NAME_MAX_LENGTH } from "@shared/constants";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/** Every stored file and its owner; rows go with the owner, whose files the delete-user command removes from disk. */
export const uploads = pgTable(
  "uploads",
  {
    id: serial("id").primaryKey(),
    filename: varchar("filename", { length: 100 }).notNull().unique("uploads_filename_unique"),
    /** The file's name on the member's device, shown to them (null when none was sent, and for files stored before it was kept). */
    originalName: varchar("original_name", { length: UPLOAD_ORIGINAL_NAME_MAX_LENGTH }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }),
    mimeType: varchar("mime_type", { length: 100 }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** An image's size in pixels as stored (null for other files, and for images stored before it was recorded). */
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
    /** Since when nothing has referred to the file (null: something does); the orphan sweep removes it 24 hours on. */
    unreferencedSince: timestamptz("unreferenced_since").defaultNow(),
  },
  (table) => [index("uploads_owner_id_idx").on(table.ownerId)],
);
