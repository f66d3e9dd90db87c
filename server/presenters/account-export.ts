import type { CurrentUser } from "@shared/types";
import type { AccountExport } from "../queries/account-export";
import { UPLOADS_PATH } from "../uploads/files";

/**
 * account.json of GET /api/auth/export: the profile as the member sees it, then each part as read
 * (dates as ISO 8601, as JSON writes them); each upload names where its file is in the archive.
 */
export function presentAccountExport({ profile, parts, exportedAt }: { profile: Omit<CurrentUser, "confirmedUntil">; parts: AccountExport; exportedAt: Date }): string {
  const document = {
    exportedAt: exportedAt.toISOString(),
    profile,
    ...parts,
    uploads: parts.uploads.map((upload) => ({ ...upload, url: `${UPLOADS_PATH}/${upload.filename}`, file: archivedUploadPath(upload.filename) })),
  };
  return JSON.stringify(document, null, 2);
}

/** Where an uploaded file is inside the archive. */
export const archivedUploadPath = (filename: string) => `uploads/${filename}`;
