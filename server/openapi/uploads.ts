import { uploadFieldsSchema } from "@shared/schemas/uploads";
import { messageAnswerSchema } from "@shared/schemas/answers/common";
import { uploadAnswerSchema } from "@shared/schemas/answers/misc";
import { z } from "zod";
import type { RouteDoc } from "./route-doc";

/** server/routes/uploads/ */
export const uploadsRoutes: RouteDoc[] = [
  {
    method: "post",
    path: "/api/upload",
    summary: "Upload a file",
    description:
      "A multipart form: `kind` first, then `file`. Images are stored re-encoded. Limited per member. While the file storage (an S3 bucket) is out of reach: 503 `File storage is unavailable, please try again shortly` with `Retry-After`, nothing stored.",
    access: "member",
    form: uploadFieldsSchema.extend({ file: z.string().meta({ format: "binary", description: "The file" }) }),
    answers: { 201: { description: "Stored.", schema: uploadAnswerSchema } },
    errors: { 400: "No file, or a malformed form.", 413: "Over the kind's size or your storage quota.", 415: "Not a type the kind takes, or an unreadable image." },
  },
  {
    method: "delete",
    path: "/api/upload/:filename",
    summary: "Delete your file",
    access: "member",
    params: z.object({ filename: z.string().meta({ description: "The stored name, as in its URL" }) }),
    answers: { 200: { description: "Deleted.", schema: messageAnswerSchema } },
    errors: { 404: "No such file of yours." },
  },
];
