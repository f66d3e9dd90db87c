import { z } from "zod";
import { UPLOAD_KIND_NAMES } from "../constants";

export const uploadKindSchema = z.enum(UPLOAD_KIND_NAMES, "Unknown upload kind");

/** Text fields of the multipart POST /api/upload (the file itself is `file`). */
export const uploadFieldsSchema = z.strictObject({
  kind: uploadKindSchema.optional(),
});
export type UploadFieldsInput = z.input<typeof uploadFieldsSchema>;
export type UploadFieldsData = z.output<typeof uploadFieldsSchema>;
